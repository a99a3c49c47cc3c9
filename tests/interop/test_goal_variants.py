"""pydraughts 0.6.7 drives `dama hub` through complete games of the goal variants: antidraughts
(a side without a legal move wins; the only draw is threefold repetition) and breakthrough (the
first king wins; no draws).

Run from the repository root after `cargo build --release`:

    pip install pydraughts==0.6.7 pytest
    python -m pytest -s tests/interop/test_goal_variants.py

Every move dama sends must be legal for pydraughts, every game must end by pydraughts' rules
(the games are played by `play_game` of test_pydraughts.py), and then a fresh `dama hub` given
the whole game must agree that it is over and on the winner: its `go` answers
`error message="go: <reason>; the game is over"`, the reason naming the side that has no legal
move or no piece left (that side wins antidraughts and loses breakthrough) or that crowned a
king (it wins breakthrough).
"""

import re
import subprocess

import pytest

from draughts import BLACK, WHITE
from test_pydraughts import DAMA, play_game


def dama_verdict(variant, board):
    """dama's reason that the game of `board` is over, or None when dama plays on."""
    moves = " ".join(m.hub_move for m in board.move_stack)
    script = "\n".join(
        [
            "hub",
            f"set-param name=variant value={variant}",
            "init",
            f'pos start moves="{moves}"',
            "level depth=1",
            "go think",
            "",
        ]
    )
    out = subprocess.run(
        [DAMA, "hub"], input=script, capture_output=True, text=True, timeout=60
    ).stdout
    over = re.search(r'error message="go: (.*); the game is over"', out)
    assert "done" in out, out
    return over.group(1) if over else None


def dama_winner(variant, reason):
    """The side dama's reason says has won, as pydraughts' WHITE or BLACK: the side named wins
    when it crowned, or in antidraughts when it cannot move; in breakthrough a side that cannot
    move loses."""
    side, what = reason.split(" ", 1)
    colour = WHITE if side == "white" else BLACK
    other = BLACK if colour == WHITE else WHITE
    if what == "crowned a king":
        return colour
    if what in ("has no legal move", "has no piece left"):
        return colour if variant == "antidraughts" else other
    raise AssertionError(f"unexpected reason '{reason}'")


@pytest.mark.parametrize(
    "variant,skills",
    [
        ("antidraughts", (5, 5)),
        ("antidraughts", (5, 3)),
        ("breakthrough", (5, 5)),
        ("breakthrough", (3, 5)),
    ],
)
def test_goal_variant_game(variant, skills):
    boards = []
    reason, plies, slowest = play_game(variant, None, skills, boards)
    board = boards[0]
    print(f"\n{variant} (skills {skills[0]} v {skills[1]}): {reason} after {plies} plies;"
          f" slowest move {slowest:.2f} s")
    assert reason is not None
    verdict = dama_verdict(variant, board)
    winner = board.winner()
    if winner == 0:
        # pydraughts' only draw in these variants: threefold repetition (antidraughts).
        assert variant == "antidraughts" and board._game.is_threefold(), board.fen
        return
    assert verdict is not None, f"dama plays on after {plies} plies: {board.fen}"
    assert dama_winner(variant, verdict) == winner, (verdict, winner, board.fen)
