"""pydraughts 0.6.7's HubEngine drives `dama hub` through Frisian and Frysk! games (10×10, men
and kings capturing along files and ranks too, the value rule, the king-move limit).

Run from the repository root after `cargo build --release`:

    pip install pydraughts==0.6.7 pytest
    python -m pytest -s tests/interop/test_frisian_pydraughts.py

pydraughts differs from dama's rules in one known place (docs/rules/frisian.md): it values a
king at 1.501 men with floating-point sums, where dama, dctl, Scan and lidraughts value it a
little less than two men (man 100, king 199). So where pydraughts cannot find dama's move, the
test checks that the two valuations rank the captures of that position differently, says so,
and ends the game there; every other move must be legal for pydraughts, and a game that does not
diverge must end by pydraughts' rules (which include the Frisian draw rules and the king-move
limit).
"""

import pytest

import divergent_games
from draughts import BLACK, WHITE
from draughts.engine import HubEngine
from test_pydraughts import DAMA


def start_engine(variant, skill):
    """A dama Hub engine set to `variant` as pydraughts names it: `frysk!` is an alias of the
    `frysk` that dama's `hub` reply lists, and is sent as the caller wrote it."""
    engine = HubEngine([DAMA, "hub"])
    assert engine.id.get("name") == "dama", engine.id
    assert variant.rstrip("!") in engine.variants, engine.variants
    engine.configure({"variant": variant, "hash": 8, "threads": 1, "skill": skill})
    engine.init()
    return engine


def capture_values(board):
    """The captures pydraughts generates before its value rule: (first square, pieces taken)."""
    game = board._game
    moves, captures = game.get_moves()
    found = []
    for move, taken in zip(moves, captures):
        pieces = [game.board.searcher.get_piece_by_position(sq) for sq in taken if sq is not None]
        if pieces:
            found.append((move, pieces))
    return found


def best(found, man, king):
    """The indices of the captures of the highest value with these piece values."""
    values = [sum(king if p.king else man for p in pieces) for _, pieces in found]
    top = max(values)
    return {i for i, v in enumerate(values) if v == top}


def known_difference(board, _move):
    """Why pydraughts rejects dama's move at `board`, if it is the known difference."""
    found = capture_values(board)
    if found and best(found, 1, 1.501) != best(found, 100, 199):
        return "pydraughts values a king at 1.501 men, dama (with dctl, Scan, lidraughts) at 1.99"
    return None


def play_game(variant, skills):
    engines = {WHITE: start_engine(variant, skills[0]), BLACK: start_engine(variant, skills[1])}
    return divergent_games.play_game(variant, engines, known_difference)


@pytest.mark.parametrize("variant,skills", [
    ("frisian", (5, 5)),
    ("frisian", (3, 5)),
    ("frysk!", (5, 5)),
    ("frysk!", (5, 3)),
])
def test_frisian_game(variant, skills):
    reason, plies = play_game(variant, skills)
    print(f"\n{variant} (skills {skills[0]} v {skills[1]}): {reason} after {plies} plies")
    assert reason is not None
    assert plies >= 10, "a game should get past its opening before the rules part"
