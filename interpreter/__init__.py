"""The tabletop engine: compiles a checked rulebook and plays it (state, decisions, randomness,
views, bots, command line). Nothing here knows any particular game."""
