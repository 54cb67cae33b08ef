"""CPU seconds, for the tests that bound how long something takes to catch a runaway: the time
this process and the processes it has waited for spent working. A machine busy with other work
stretches a test's wall time many times over (other test runs beside it, in CI or not), and
a bound on wall time failed there; the CPU time it takes stays about the same."""
import resource


def cpu_seconds() -> float:
    """User and system time of this process and of its children that have ended and been waited for."""
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime
