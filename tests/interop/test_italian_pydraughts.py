"""pydraughts 0.6.7's HubEngine drives `dama hub` through complete games of Italian draughts.

Italian is played on the a1-light board and numbered in the FID way (1 = a8, 2 = c8 … 32 = h1),
which is what pydraughts sends for italian in its position strings and its moves alike. Every
move dama sends must be legal for pydraughts and every game must end by pydraughts' rules; see
test_pydraughts.py, whose game driver this reuses. Run from the repository root after
`cargo build --release`:

    python -m pytest -s tests/interop/test_italian_pydraughts.py
"""

import pytest

import draughts
from draughts.engine import HubEngine, Limit

from test_pydraughts import ballot, close_engine, play_game


def games():
    name, openings = ballot("11_italian.json", 4)
    return [
        (None, "start", (5, 5)),
        (None, "start", (3, 5)),
        (openings[name], name, (5, 3)),
    ]


@pytest.mark.parametrize("fen,opening,skills", games())
def test_complete_italian_game(fen, opening, skills):
    reason, plies, slowest = play_game("italian", fen, skills)
    print(
        f"\nitalian ({opening}, skills {skills[0]} v {skills[1]}): {reason} after {plies} plies;"
        f" slowest move {slowest:.2f} s"
    )
    assert reason is not None


def test_the_italian_start_is_pydraughts_start():
    """dama reads pydraughts' italian start string and answers with a move pydraughts knows."""
    from test_pydraughts import DAMA

    engine = HubEngine([DAMA, "hub"])
    try:
        assert "italian" in engine.variants, engine.variants
        engine.configure({"variant": "italian", "hash": 8, "threads": 1})
        engine.init()
        board = draughts.Board(variant="italian")
        assert board._game.initial_hub_fen == "Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww"
        legal = [m.hub_move for m in board.legal_moves()]
        # White's men on 21-24 (b3, d3, f3, h3) move to 17-20 (a4, c4, e4, g4); h3 only to g4.
        want = ["21-17", "21-18", "22-18", "22-19", "23-19", "23-20", "24-20"]
        assert sorted(legal) == want, legal
        result = engine.play(board, Limit(movetime=0.1), ponder=False)
        assert result.move.hub_move in legal
    finally:
        close_engine(engine)
