"""The reactions asked in one call charge every seat's offering first (`codegen._charged_first`):
at every work budget, the instant reactions' ask (`Machine.instant_ready`) and an event's first
open seat (`Machine.first_open`) must answer, charge and fail as asking each seat's reactions one
by one (`reaction_open`, each seat charged in turn) does."""
import pytest

from inline import game

# Four seats, two instant reactions (the second with a list and a condition that calls a
# definition that loops, so it charges work of its own) and an event with two reactions.
RULES = '''
    game "Charges"
    players 4
    player var cards: int = 1
    player var gifts: int = 0
    var bell: int = 0

    event dropped(who: player)

    setup:
        players[1].gifts = 1
        players[3].gifts = 2

    define out(p: player): bool = p.cards == 0
    define givers: int = count([q for q in players if q.gifts > 0 and q.cards >= 0])

    turn:
        choose prompt "{current} holds {current.cards}":
            option "Drop a card" if current.cards > 0:
                current.cards -= 1
                signal dropped(current)
            option "Ring":
                bell += 1
        if turn_number >= 12:
            end game "Done."

    reaction ring instantly by p if bell > 2 and p.gifts > 5 labelled "Ring back":
        bell = 0

    reaction gift instantly by p for victim in [q for q in players if out(q)] if givers > 0 and p.gifts > 0 and p != victim labelled "Give {victim} a card":
        p.gifts -= 1
        victim.cards += 1

    reaction cheer on dropped(who) by p if p != who and p.gifts > 1 and givers > 1 labelled "Cheer":
        bell += 1

    reaction mourn on dropped(who) by p if p == who and out(p) and p.gifts > 0 labelled "Mourn":
        bell += 2

    define score(p: player): int = p.cards
'''


def _outcome(m, ask) -> tuple:
    """What `ask()` answers (or the error it says), and the work and declined offers it leaves."""
    try:
        answer = ask()
    except Exception as e:      # a runaway: its words name the line that ran out
        answer = f"{type(e).__name__}: {e}"
    return answer, m.work, [list(x) for x in m.s["declined"]]


def _failing(*args):
    raise RuntimeError("asked one by one")


@pytest.fixture
def played(tmp_path):
    """The game, and a state where Players 2 and 3 are out and both givers hold gifts."""
    g = game(tmp_path, RULES)
    s = g.new_state(players=4, seed=1)
    for label in ("Ring", "Drop a card", "Drop a card"):
        while s.pending.kind == "reaction":
            s.apply_label("Don't react")
        s.apply_label(label)
    return g, s


def test_the_instant_reactions_asked_in_one_call_charge_as_seat_by_seat_at_every_budget(played, monkeypatch):
    g, s = played
    prog = g.compiled
    assert prog.instants_open is not None
    whole = prog.instants_open
    answers = set()
    for budget in range(0, 400):
        got = []
        for every in (whole, _failing):     # the second sends the machine to asking one by one
            m = s._machine()
            m.s["declined"] = []
            monkeypatch.setattr(prog, "instants_open", every)
            m.work = budget
            got.append(_outcome(m, m.instant_ready))
        assert got[0] == got[1], budget
        answers.add(got[0][0])
    assert True in answers and any(type(a) is str and "units of work" in a for a in answers)


def test_an_events_first_open_seat_asked_in_one_call_charges_as_seat_by_seat_at_every_budget(played):
    g, s = played
    prog = g.compiled
    first = prog.first_open["dropped"]
    reactions = prog.reactions["dropped"]
    answers = set()
    for who in range(4):
        for start, end in [(i, e) for i in range(4) for e in range(i, 5)]:     # a later pass ends early
            for budget in range(0, 200):
                got = []
                for ask in (first, _failing):
                    m = s._machine()
                    m.work = budget
                    aux = {"event": "dropped", "args": [who], "i": start, "reacted": False}
                    got.append(_outcome(m, lambda: m.first_open(ask, reactions, aux, end)))
                assert got[0] == got[1], (who, start, end, budget)
                answers.add(got[0][0])
    assert {1, 3, 4} <= answers and any(type(a) is str and "units of work" in a for a in answers)
