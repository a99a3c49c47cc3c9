"""pydraughts 0.6.7's HubEngine drives `dama hub` through Turkish games (all 64 squares, the
65-character position string, moves numbered 1 = a1 … 64 = h8 as pydraughts sends them).

Run from the repository root after `cargo build --release`:

    pip install pydraughts==0.6.7 pytest
    python -m pytest -s tests/interop/test_turkish_pydraughts.py

pydraughts' Turkish differs from dama's rules in two known places (docs/rules/turkish.md):
a king may pass over its own men in a capture (a pydraughts bug), and a man that reaches the far
row in a capture goes on capturing as a man (dama's reading, the newest rules text: it is
crowned and goes on as a king); a capture string both accept can also stand for different
captures, after which the boards differ. So where pydraughts cannot find dama's move, the test checks
that the position is one of these (pydraughts' longest capture takes more pieces than dama's
move, or dama's move crowns in a capture), says so, and ends the game there; every other move
must be legal for pydraughts, and a game that does not diverge must end by pydraughts' rules.
"""

import pytest

import divergent_games
from draughts import BLACK, WHITE
from test_pydraughts import start_engine


def known_difference(board, hub_move):
    """Why pydraughts rejects `hub_move` (dama's move) at `board`, if it is a known difference."""
    legal = board.legal_moves()
    theirs = max((len(m.captures) for m in legal if m.captures), default=0)
    captured = max(len(hub_move.split("x")) - 2, 0)
    if theirs > captured:
        return f"pydraughts' longest capture takes {theirs}, dama's rules allow {captured}"
    start = int(hub_move.replace("x", "-").split("-")[0])
    to = int(hub_move.replace("x", "-").split("-")[1])
    far = range(57, 65) if board.turn == WHITE else range(1, 9)
    piece = board._game.board.searcher.position_pieces.get(start)
    if piece is None:
        # Both sides accepted every earlier move, yet pydraughts has no piece where dama's move
        # starts: an earlier capture string matched a different capture under pydraughts' rules.
        return f"pydraughts' board differs from dama's: no piece on {start} after the same moves"
    if captured and to in far and not piece.king:
        return "dama crowns in the capture and goes on as a king; pydraughts goes on as a man"
    return None


def play_game(skills):
    engines = {WHITE: start_engine("turkish", skills[0]), BLACK: start_engine("turkish", skills[1])}
    return divergent_games.play_game("turkish", engines, known_difference)


@pytest.mark.parametrize("skills", [(5, 5), (3, 5), (5, 3)])
def test_turkish_game(skills):
    reason, plies = play_game(skills)
    print(f"\nturkish (skills {skills[0]} v {skills[1]}): {reason} after {plies} plies")
    assert reason is not None
    assert plies >= 10, "a game should get past its opening before the rules part"
