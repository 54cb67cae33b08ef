"""The tabletop rulebook language: grammar, parser, AST, loader, checker and diagnostics.

Nothing in this package runs a game; it turns rulebook text into a checked program."""
