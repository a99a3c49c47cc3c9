"""pydraughts 0.6.7's DXPEngine plays complete games against `dama dxp` (10×10, international).

Run from the repository root after `cargo build --release`:

    pip install pydraughts==0.6.7 pytest
    python -m pytest -s tests/interop/test_dxp_pydraughts.py

dama listens on a free loopback port as the DXP follower; pydraughts connects as the initiator
(its only role), one connection per game, so the listener also has to wait for the next
connection. pydraughts' own side plays seeded random legal moves. Every move dama sends must be
one of pydraughts' legal moves (pydraughts drops a move it cannot find, which would leave
`play` waiting: a deadline turns that into a failure). A game ends by pydraughts' rules, or by
a GAMEEND dama sends when the game is over by its rules (pydraughts confirms it).
"""

import os
import random
import socket
import subprocess
import threading
import time

import pytest

import draughts
from draughts import WHITE
from draughts.engine import DXPEngine

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DAMA = os.environ.get("DAMA_BIN", os.path.join(ROOT, "target", "release", "dama"))

MOVE_DEADLINE = 30.0  # seconds for one of dama's moves (it thinks 0.05 s)
MAX_PLIES = 400  # games stop here if nobody has won (pydraughts' own draw rules end most)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_dama(port, variant):
    cmd = [DAMA, "dxp", "--listen", f"127.0.0.1:{port}", "--move-time", "0.05", "--hash", "8",
           "--variant", variant]
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    for _ in range(100):
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return proc
        time.sleep(0.1)
    proc.kill()
    raise AssertionError("dama dxp did not start listening")


def dama_move(engine, board):
    """dama's answer through DXP, or None when dama ended the game with GAMEEND."""
    results = []
    thread = threading.Thread(target=lambda: results.append(engine.play(board)), daemon=True)
    thread.start()
    deadline = time.monotonic() + MOVE_DEADLINE
    while thread.is_alive() and time.monotonic() < deadline:
        thread.join(0.05)
        if engine.game_started and not engine.sender.current.started:
            return None  # dama sent GAMEEND and pydraughts confirmed it
    assert results, f"no legal move from dama within {MOVE_DEADLINE} s at {board.fen}"
    return results[0].move


def play_game(port, variant, dama_colour, seed):
    engine = DXPEngine(None, {"engine-opened": True, "ip": "127.0.0.1", "port": port,
                              "initial-time": 60, "max-moves": 0})
    board = draughts.Board(variant=variant)
    rng = random.Random(seed)
    ended_by_dama = None
    try:
        while not board.is_over() and len(board.move_stack) < MAX_PLIES:
            legal = board.legal_moves()
            if board.turn != dama_colour:
                board.push(rng.choice(legal))
                continue
            move = dama_move(engine, board)
            if move is None:
                ended_by_dama = engine.sender.current.result
                break
            assert move.board_move in [m.board_move for m in legal], (move.hub_move, board.fen)
            board.push(move)
    finally:
        engine.quit()
    return board, ended_by_dama


# pydraughts' variant name, dama's. 10×10 is the DXP standard; the 8×8 ones use pydraughts'
# non-standard 32-square GAMEREQ and its move numbers.
VARIANTS = [("standard", "international"), ("russian", "russian"), ("brazilian", "brazilian"),
            ("english", "english")]


@pytest.mark.parametrize("variant,dama_variant", VARIANTS)
def test_dama_plays_complete_games_over_dxp(variant, dama_variant):
    port = free_port()
    dama = start_dama(port, dama_variant)
    try:
        for game, colour in enumerate([WHITE, draughts.BLACK]):
            board, ended_by_dama = play_game(port, variant, colour, seed=game)
            plies = len(board.move_stack)
            if ended_by_dama is not None:
                # dama ends a game only when it is over by its rules: a draw (2), or a loss (1)
                # when dama has no move, which pydraughts would have seen itself.
                assert ended_by_dama == "2", (ended_by_dama, board.fen)
                how = "dama claimed a draw by its rules"
            else:
                assert board.is_over() or plies == MAX_PLIES, board.fen
                how = f"pydraughts' result {board.winner()}"
            print(f"\ngame {game + 1}: dama plays {'white' if colour == WHITE else 'black'}; "
                  f"{how} after {plies} plies")
            assert dama.poll() is None, "dama dxp must keep listening between games"
    finally:
        dama.terminate()
        _, err = dama.communicate(timeout=10)
        print(err)
