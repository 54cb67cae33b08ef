"""A race at one keyboard: several human seats answer one timed decision on a shared terminal.

Timing each seat from its own prompt, one after the other, would let a later seat win races it
lost. So when two or more humans at one terminal face the same timed decision (a tap race), the
race is two steps:

1. **Buzz.** The decision is shown once, one clock starts when it is on the screen, and each
   seat presses its own key (the seat's number: 1 to 9, then a, b, c, ... for seats 10 and up).
   Keys are read one at a time, without Enter, so the earliest press is the earliest time.
2. **Name.** Then each seat, in the order they buzzed, names its answer at an ordinary prompt,
   without time pressure. The buzz is the answer's reaction time.

A seat that has not buzzed after `LIMIT` seconds gets that time; after `REMIND` seconds the seats
still silent are told, once, the key that buzzes and that the race ends on its own (a person who
missed the first line would otherwise wait a minute without a word). The terminal's end-of-input
key (Ctrl-D) during the buzz raises EOFError, as it ends input at a prompt. Times are measured with one
monotonic clock and given to the engine in seconds (the rules compare whole milliseconds).

This module reads keys and measures time; it must not apply moves or know any game (the session
asks each seat for its answer and applies it with the buzz time).
"""
from __future__ import annotations

import os
import select
import sys
import time
from contextlib import contextmanager

LIMIT = 60.0          # seconds a buzz may take; a seat still silent then buzzes at this time
REMIND = 5.0          # seconds before the seats still silent are told their keys, once
SEAT_KEYS = "123456789abcdefg"


def key_of(seat: int) -> str:
    """The key that seat (from 0) buzzes with."""
    return SEAT_KEYS[seat]


def can_race(stream=None) -> bool:
    """Whether single key presses can be read (a terminal with termios)."""
    stream = stream or sys.stdin
    try:
        import termios  # noqa: F401
        return stream.isatty()
    except (ImportError, AttributeError, ValueError):
        return False


@contextmanager
def single_keys(fd: int):
    """The terminal at `fd` delivers each key at once, without echo; restored afterwards."""
    import termios
    import tty
    saved = termios.tcgetattr(fd)
    try:
        tty.setcbreak(fd)
        yield
    finally:
        termios.tcsetattr(fd, termios.TCSADRAIN, saved)


def buzz(seats: list[int], show, say, stream=None, clock=time.monotonic) -> dict[int, float]:
    """Show the decision (`show()`), then read one buzz from each of `seats`; return each seat's
    time in seconds from when it was shown. Keys pressed before are thrown away: nobody may
    buzz before seeing the cards."""
    import termios
    stream = stream or sys.stdin
    fd = stream.fileno()
    keys = {key_of(s): s for s in seats}
    times: dict[int, float] = {}
    # Keys come one at a time, so the terminal no longer turns its end-of-input key (Ctrl-D) into
    # an end of input: it is looked for here, as at any prompt, rather than ignored for a minute.
    end_key = termios.tcgetattr(fd)[6][termios.VEOF]
    with single_keys(fd):
        termios.tcflush(fd, termios.TCIFLUSH)
        show()
        # in seat order (the decision's order began with the Smackhead: "Player 2 presses 2,
        # Player 1 presses 1" read as if the keys were out of place)
        say("Buzz with your key: " + ", ".join(f"Player {s + 1} presses {key_of(s)}" for s in sorted(seats))
            + ". Then each names their answer.")
        started = clock()
        reminded = False
        while len(times) < len(seats):
            elapsed = clock() - started
            left = LIMIT - elapsed
            if left <= 0:
                break
            ready, _, _ = select.select([fd], [], [], left if reminded else max(0.0, min(left, REMIND - elapsed)))
            if not ready and not reminded and clock() - started < LIMIT:
                reminded = True
                silent = [s for s in sorted(seats) if s not in times]
                rest = max(1, round(LIMIT - (clock() - started)))
                say("Still waiting for " + ", ".join(f"Player {s + 1} (press {key_of(s)})" for s in silent)
                    + f". The race ends on its own in {rest} second{'s' * (rest != 1)}; "
                    "a seat that has not buzzed by then comes last.")
                continue
            if not ready:
                break
            pressed = clock() - started
            data = os.read(fd, 64)
            if not data:              # end of input: the others are as late as can be
                break
            if isinstance(end_key, bytes) and end_key in data:
                raise EOFError
            for ch in data.decode(errors="ignore").lower():
                seat = keys.get(ch)
                if seat is not None and seat not in times:
                    times[seat] = pressed
                    say(f"Player {seat + 1} buzzed.")
    for seat in seats:
        times.setdefault(seat, LIMIT)
    return times
