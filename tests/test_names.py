"""Names: rules live in a namespace of their own, and an enum value may share its name with a
rule or a built-in function, because the use tells them apart (Abatteroxie's doom die face,
card action and rule are all "Battle Royale"; its team cards say "any")."""
from inline import diagnostics, game

DOOM = '''
    game "Doom"
    players 2
    enum action: battle_royale, move_eliminator
    enum use: any, battlers, tiles
    die doom_die: battle_royale, move_eliminator
    player var royales: int = 0
    var card_use: use = any

    rule battle_royale:
        current.royales += 1
        say "Battle Royale!"

    turn:
        face = roll(doom_die)
        if face == battle_royale:
            battle_royale()
        if card_use == any and any([face == battle_royale, false]):
            say "any card"
        if turn_number >= 10:
            end game "done"

    define score(p: player): int = p.royales
'''


def test_a_die_face_an_enum_value_and_a_rule_share_a_name(tmp_path):
    g = game(tmp_path, DOOM)
    assert not [d for d in g.warnings if d.severity == "error"]
    s = g.new_state(players=2, seed=3)
    assert s.is_over
    rolled = sum(1 for line in s.log if line == "Battle Royale!")
    assert rolled == sum(s.scores()) > 0
    assert s.log.count("any card") == rolled


def test_an_enum_value_named_any_and_the_built_in_any(tmp_path):
    g = game(tmp_path, DOOM)
    assert g.compiled.enum_values["use"] == {"any", "battlers", "tiles"}


def test_built_in_values_and_other_declarations_still_cannot_take_a_built_in_name(tmp_path):
    found = diagnostics(tmp_path, '''
        game "Clash"
        players 1
        enum who: players, nobody
        var count: int = 0
        rule current:
            pass
        turn:
            current()
            end game
        define score(p: player): int = 0
    ''')
    assert sorted((d.code, d.span.line) for d in found if d.severity == "error") == [("E203", 3), ("E203", 4), ("E203", 5)]


def test_an_enum_value_used_bare_does_not_count_as_calling_the_rule(tmp_path):
    found = diagnostics(tmp_path, '''
        game "Unused"
        players 1
        enum action: battle_royale
        var latest: action = battle_royale
        rule battle_royale:
            pass
        turn:
            latest = battle_royale
            end game
        define score(p: player): int = if latest == battle_royale then 1 else 0
    ''')
    assert [(d.code, d.message) for d in found] == [("W102", "The rule 'battle_royale' is never used.")]
