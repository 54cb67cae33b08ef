"""A real race at one keyboard (issue 6): two human seats of Smackshapes at one terminal (a
pseudo-terminal) buzz with their own keys on one clock, then name their cards. Player 2 buzzes
first, then Player 1; both name the winning card, Player 1 earlier in seat order; the earlier
key press wins."""
import contextlib
import os
import pty
import re
import select
import time

from tabletop.interpreter.api import load_game
from test_processes import ROOT, quit_unsaved, start

SEED = 5


class Reader:
    """The process's output, taken up to each awaited text in turn: what came after it in the same
    chunk is kept for the next wait."""

    def __init__(self, fd):
        self.fd, self.rest = fd, b""

    def until(self, needle: bytes, seconds: float = 30) -> bytes:
        deadline = time.monotonic() + seconds
        while needle not in self.rest:
            left = deadline - time.monotonic()
            assert left > 0, f"waited {seconds} s for {needle!r}; got {self.rest[-400:]!r}"
            ready, _, _ = select.select([self.fd], [], [], left)
            if ready:
                chunk = os.read(self.fd, 4096)
                assert chunk, f"the output ended before {needle!r}; got {self.rest[-400:]!r}"
                self.rest += chunk
        head, _, tail = self.rest.partition(needle)
        self.rest = tail
        return head + needle


@contextlib.contextmanager
def smackshapes_at_a_terminal(tmp_path):
    """`tabletop play smackshapes` for two people at one pseudo-terminal: its end of the terminal,
    a reader of its output, and the process (killed, and the terminal closed, at the end)."""
    main, other = pty.openpty()
    proc = start("play", "smackshapes", "--players", 2, "--seed", SEED, cwd=tmp_path,
                 stdin=other, stdout=other, stderr=other)
    os.close(other)
    try:
        yield main, Reader(main), proc
    finally:
        proc.kill()
        os.close(main)


def winning_option():
    """The number of the winning card's option once both seats played their first card."""
    game = load_game(str(ROOT / "rulebooks" / "smackshapes"))
    state = game.new_state(players=2, seed=SEED)
    state.apply(0, seat=0)
    state.apply(0, seat=1)
    winning = state.evaluate("winning")
    assert len(winning) == 1
    label = f"Smack {winning[0]}"
    return state.options(1).index(label) + 1, label


def test_the_earlier_key_press_wins_the_race(tmp_path):
    number, label = winning_option()
    with smackshapes_at_a_terminal(tmp_path) as (main, out, proc):
        read_until = lambda fd, needle: out.until(needle)  # noqa: E731
        read_until(main, b", then press Enter.")        # the first secret screen: the others look away
        os.write(main, b"\r")
        read_until(main, b"> ")
        os.write(main, b"1\r")                          # the first player plays their first card
        read_until(main, b", then press Enter.")
        os.write(main, b"\r")                           # and hands the keyboard over
        read_until(main, b"> ")
        os.write(main, b"1\r")                          # the other too; the cards are revealed
        read_until(main, b"Then each names their answer.")
        os.write(main, b"2")                            # Player 2 buzzes ...
        time.sleep(0.4)
        os.write(main, b"1")                            # ... 0.4 s before Player 1
        read_until(main, b"Player 1 buzzed.")
        # each racer names a secret answer beside their own hand: the keyboard is handed over
        read_until(main, b"Pass the keyboard to Player 2, then press Enter.")
        os.write(main, b"\r")
        asked = read_until(main, b"> ")
        assert b"Player 2: Smack the winning card!" in asked     # the first to buzz names first
        os.write(main, f"{number}\r".encode())
        read_until(main, b"Pass the keyboard to Player 1, then press Enter.")
        os.write(main, b"\r")
        read_until(main, b"> ")
        os.write(main, f"{number}\r".encode())
        after = read_until(main, b", then press Enter.").decode(errors="replace")     # the next round's secrets
        assert f"Player 2 smacks {label[6:]} first" in after
        assert f"Player 1 taps {label[6:]} after" in after and "too late" in after
        first = int(re.search(r"Player 2 smacks .* after (\d+) ms", after).group(1))
        second = int(re.search(r"Player 1 taps .* after (\d+) ms", after).group(1))
        assert 300 <= second - first <= 3000, "both times come from one clock, 0.4 s apart"
        quit_unsaved(main, out.until, proc)


def test_the_next_person_cannot_bring_back_the_last_ones_answer_with_the_arrow_keys(tmp_path):
    """Everyone at the keyboard shares the line editor: once it is passed, the up arrow must not
    bring back the card the last person typed in secret."""
    state = load_game(str(ROOT / "rulebooks" / "smackshapes")).new_state(players=2, seed=SEED)
    label = state.options(state.pending.players[0])[0]
    with smackshapes_at_a_terminal(tmp_path) as (main, out, proc):
        out.until(b", then press Enter.")
        os.write(main, b"\r")
        out.until(b"> ")
        os.write(main, label.encode() + b"\r")            # typed whole: the line editor keeps it
        out.until(b", then press Enter.")
        os.write(main, b"\r")
        out.until(b"> ")
        os.write(main, b"\x1b[A")                         # the up arrow
        time.sleep(0.5)
        os.write(main, b"\x15show\r")                    # Ctrl-U throws the line away
        shown = out.until(b"> ").decode(errors="replace")
        assert label not in shown.split("Player 2: ")[0], shown
        quit_unsaved(main, out.until, proc)


def test_ctrl_d_during_the_buzz_ends_input_and_offers_to_save(tmp_path):
    """Keys are read one at a time during the buzz, so the terminal no longer turned Ctrl-D into an
    end of input: it was ignored, and the game waited a minute for the buzzes."""
    with smackshapes_at_a_terminal(tmp_path) as (main, out, proc):
        for _ in range(2):                               # each plays a first card, in secret
            out.until(b", then press Enter.")
            os.write(main, b"\r")
            out.until(b"> ")
            os.write(main, b"1\r")
        out.until(b"Then each names their answer.")
        os.write(main, b"\x04")                          # Ctrl-D
        out.until(b"End of input. The game is not over.")    # a race waiting for buzzes: 60 s
        out.until(b"[Y/n] ")
        os.write(main, b"\r")                            # saved, as at any prompt
        assert b"Resume it with: tabletop play --load" in out.until(b"autosave.json\r\n")
        assert proc.wait(timeout=10) == 1 and (tmp_path / "tabletop-autosave.json").exists()


def test_the_racer_who_had_the_keyboard_last_is_handed_it_again_before_their_hand_is_shown(tmp_path):
    """Everyone watches the race's screen. Player 1 played the last secret card, buzzed first and
    was shown their hand at once, without the screen being handed over: the others saw it."""
    with smackshapes_at_a_terminal(tmp_path) as (main, out, proc):
        for _ in range(2):                               # Player 2 plays first, then Player 1
            out.until(b", then press Enter.")
            os.write(main, b"\r")
            out.until(b"> ")
            os.write(main, b"1\r")
        out.until(b"Then each names their answer.")
        os.write(main, b"1")                             # Player 1 buzzes first
        time.sleep(0.1)
        os.write(main, b"2")
        after_race = out.until(b", then press Enter.")
        assert b"Pass the keyboard to Player 1" in after_race and b"> " not in after_race, after_race
        assert b"Player 1: hand" not in after_race.split(b"Player 2 buzzed.")[-1]
        os.write(main, b"\r")
        assert b"Player 1: Smack the winning card!" in out.until(b"> ")
        quit_unsaved(main, out.until, proc)


def raced(seats, keys: bytes):
    """`race.buzz` in-process on a pseudo-terminal, `keys` typed once the cards are shown: (what
    it said, the times)."""
    from tabletop.interpreter import race
    main, other = pty.openpty()
    said = []
    try:
        with os.fdopen(other, "rb", buffering=0, closefd=False) as keyboard:
            times = race.buzz(seats, lambda: os.write(main, keys), said.append, stream=keyboard)
    finally:
        os.close(main)
        os.close(other)
    return said, times


def test_the_keys_are_told_in_seat_order_and_the_first_press_is_the_first_buzz():
    """In-process, on a pseudo-terminal: the seats race in the decision's order (the Smackhead
    first), but the keys are told in seat order; keys pressed once the cards are shown count."""
    from tabletop.interpreter import race
    said, times = raced([1, 0], b"x21")
    assert said[0] == "Buzz with your key: Player 1 presses 1, Player 2 presses 2. Then each names their answer."
    assert said[1:] == ["Player 2 buzzed.", "Player 1 buzzed."] and times[1] <= times[0] < race.LIMIT


def test_a_seat_that_does_not_buzz_is_told_its_key_once_and_the_race_ends_on_its_own(monkeypatch):
    """A person who never buzzed was left a minute without a word: after a few seconds the seats
    still silent are told their keys and that the race ends by itself, once."""
    from tabletop.interpreter import race
    monkeypatch.setattr(race, "REMIND", 0.05)
    monkeypatch.setattr(race, "LIMIT", 0.4)
    said, times = raced([0, 1], b"1")
    assert said[1] == "Player 1 buzzed."
    assert said[2:] == ["Still waiting for Player 2 (press 2). The race ends on its own in 1 second; a seat that "
                        "has not buzzed by then comes last."], said
    assert times[1] == race.LIMIT and times[0] < race.LIMIT
