"""pydraughts 0.6.7's HubEngine drives `dama hub` through complete games.

Run from the repository root after `cargo build --release`:

    pip install pydraughts==0.6.7 pytest
    python -m pytest -s tests/interop/test_pydraughts.py

The binary is `target/release/dama` unless DAMA_BIN says otherwise. Every move dama sends must
be legal for pydraughts (pydraughts itself raises KeyError on an illegal or incomplete move),
and every game must end by pydraughts' rules (no legal move, or one of its draw rules); a
safety cap of MAX_PLIES fails the test instead of hanging. The end of every game is printed
(`-s` shows it).
"""

import json
import os
import random
import threading
import time

import pytest

import draughts
from draughts import BLACK, WHITE
from draughts.engine import HubEngine, Limit

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DAMA = os.environ.get("DAMA_BIN", os.path.join(ROOT, "target", "release", "dama"))
BALLOTS = os.path.join(os.path.dirname(draughts.__file__), "ballot_files")

START_TIME = 1.0  # seconds per side
INCREMENT = 0.02  # seconds per move
MAX_PLIES = 1000  # safety cap only: games must end by the rules well before it


def ballot(filename, seed):
    """A fixed opening from pydraughts' own ballot files (FEN in the variant's notation)."""
    with open(os.path.join(BALLOTS, filename)) as f:
        data = json.load(f)
    names = sorted(data["standard"])
    return random.Random(seed).choice(names), data["all"]


BOOK_PLY = 12  # dama's default book-ply


def start_engine(variant, skill):
    engine = HubEngine([DAMA, "hub"])
    assert engine.id.get("name") == "dama", engine.id
    assert variant in engine.variants or variant == "standard", engine.variants
    engine.configure({"variant": variant, "hash": 8, "threads": 1, "skill": skill})
    engine.init()
    return engine


def close_engine(engine):
    try:
        engine.quit()
        engine.kill_process()
    except (ProcessLookupError, OSError):
        pass


def end_reason(board):
    winner = board.winner()
    if winner is None:
        return None
    if winner == 0:
        if board._game.is_threefold():
            return "draw by threefold repetition"
        return "draw by a king-move / endgame rule"
    name = "white" if winner == WHITE else "black"
    why = {
        "antidraughts": "it has no legal move",
        "breakthrough": "it crowned a king",
    }.get(board.variant, "the other side has no legal move")
    return f"{name} wins ({why})"


def play_game(variant, fen, skills, record=None):
    """Plays one game between two dama processes; returns (reason, plies, slowest move). The
    finished board is appended to `record` when one is given."""
    board = draughts.Board(variant=variant, fen=fen) if fen else draughts.Board(variant=variant)
    engines = {WHITE: start_engine(variant, skills[0]), BLACK: start_engine(variant, skills[1])}
    clocks = {WHITE: START_TIME, BLACK: START_TIME}
    slowest = 0.0
    try:
        while not board.is_over():
            assert len(board.move_stack) < MAX_PLIES, (
                f"{variant}: no end by the rules after {MAX_PLIES} plies; fen {board.fen}"
            )
            side = board.turn
            legal = [m.board_move for m in board.legal_moves()]
            started = time.monotonic()
            try:
                result = engines[side].play(
                    board, Limit(time=max(clocks[side], 0.01), inc=INCREMENT), ponder=False
                )
            except KeyError as e:
                raise AssertionError(
                    f"{variant}: dama sent a move pydraughts cannot find ({e}) at {board.fen}, "
                    f"moves {[m.hub_move for m in board.move_stack]}"
                )
            elapsed = time.monotonic() - started
            slowest = max(slowest, elapsed)
            clocks[side] += INCREMENT - elapsed
            assert result.move.board_move in legal, (variant, result.move.hub_move, board.fen)
            # A move from the opening book (on by default, used up to book-ply 12) comes
            # without a search; every other move comes after info lines.
            if len(board.move_stack) >= BOOK_PLY:
                assert isinstance(engines[side].info.get("depth"), int), engines[side].info
                assert str(engines[side].info.get("pv", "")).startswith('"'), engines[side].info
            board.push(result.move)
        if record is not None:
            record.append(board)
        return end_reason(board), len(board.move_stack), slowest
    finally:
        for engine in engines.values():
            close_engine(engine)


def games():
    english_name, english = ballot("3move_english.json", 1)
    russian_name, russian = ballot("russian.json", 2)
    brazilian_name, brazilian = ballot("brazilian.json", 3)
    return [
        ("english", None, "start", (5, 5)),
        ("english", english[english_name], english_name, (5, 3)),
        ("russian", None, "start", (5, 5)),
        ("russian", russian[russian_name], russian_name, (3, 5)),
        ("brazilian", None, "start", (5, 5)),
        ("brazilian", brazilian[brazilian_name], brazilian_name, (5, 3)),
        ("standard", None, "start", (5, 5)),
        ("standard", None, "start", (3, 5)),
    ]


@pytest.mark.parametrize("variant,fen,opening,skills", games())
def test_complete_game(variant, fen, opening, skills):
    reason, plies, slowest = play_game(variant, fen, skills)
    print(
        f"\n{variant} ({opening}, skills {skills[0]} v {skills[1]}): {reason} after {plies} plies;"
        f" slowest move {slowest:.2f} s"
    )
    assert reason is not None


def test_ping_ponder_hit_and_stop():
    engine = start_engine("russian", 5)
    try:
        engine.ping()
        board = draughts.Board(variant="russian")
        board.push(draughts.Move(board, pdn_move="c3-d4"))
        legal = [m.board_move for m in board.legal_moves()]
        results = []

        def ponder():
            results.append(engine.play(board, Limit(movetime=0.05), ponder=True))

        thread = threading.Thread(target=ponder)
        thread.start()
        time.sleep(0.5)
        assert thread.is_alive(), "a ponder search must wait for ponder-hit"
        engine.ponderhit()
        thread.join(30)
        assert not thread.is_alive()
        assert results[0].move.board_move in legal

        # A ponder miss: stop ends the search with a legal move too.
        results.clear()
        thread = threading.Thread(target=ponder)
        thread.start()
        time.sleep(0.3)
        engine.stop()
        thread.join(30)
        assert not thread.is_alive()
        assert results[0].move.board_move in legal
        engine.ping()
    finally:
        close_engine(engine)
