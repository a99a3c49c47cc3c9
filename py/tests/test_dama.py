"""`import dama` (the dama-draughts-py wheel) against the CLI, the perft tables and pydraughts.

CI installs both wheels into one fresh virtual environment and runs, from the repository root:

    python -m pytest -q py/tests

The CLI compared with is `dama` on the PATH (the dama-draughts wheel's), or DAMA_BIN.
"""

import json
import os
import random
import shutil
import subprocess
import threading
import time

import pytest

import dama

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PERFT = os.path.join(ROOT, "perft")
CLI = os.environ.get("DAMA_BIN") or shutil.which("dama")
PERFT_CAP = 300_000  # the table lines checked here: counts up to this many leaves


def tables():
    """(file, variant, id, fen or None, [(kind, depth, count)]) of every perft table position."""
    out = []
    for name in sorted(os.listdir(PERFT)):
        if not name.endswith(".perft"):
            continue
        variant = name[: -len(".perft")].split("-")[0]
        current = None
        with open(os.path.join(PERFT, name)) as f:
            lines = f.read().splitlines()
        for line in lines:
            word, _, rest = line.strip().partition(" ")
            if word == "id":
                current = [name, variant, rest, None, []]
                out.append(current)
            elif word == "position":
                current[3] = None if rest == "start" else rest
            elif word in ("perft", "paths"):
                depth, count = rest.split()
                current[4].append((word, int(depth), int(count)))
    return out


POSITIONS = tables()


def board_of(variant, fen):
    return dama.Board(variant, fen=fen) if fen else dama.Board(variant)


def cli_moves(variant, fen, paths):
    args = [CLI, "moves", "--variant", variant, "--json"] + (["--fen", fen] if fen else [])
    out = subprocess.run(args + (["--paths"] if paths else []), capture_output=True, text=True,
                         check=True, timeout=60).stdout
    return [json.loads(line) for line in out.splitlines()]


def test_every_perft_table_is_read():
    assert len(POSITIONS) >= 40
    assert {p[1] for p in POSITIONS} >= {"czech", "international", "canadian", "turkish"}


@pytest.mark.parametrize("paths", [False, True])
@pytest.mark.parametrize("name,variant,ident,fen,counts", POSITIONS,
                         ids=[f"{p[0]}:{p[2]}" for p in POSITIONS])
def test_legal_moves_and_paths_equal_the_cli(name, variant, ident, fen, counts, paths):
    assert CLI, "no dama command on the PATH"
    ours = [{"move": m.notation, "path": m.path, "captured": m.captured}
            for m in board_of(variant, fen).legal_moves(paths=paths)]
    assert ours == cli_moves(variant, fen, paths)


@pytest.mark.parametrize("name,variant,ident,fen,counts", POSITIONS,
                         ids=[f"{p[0]}:{p[2]}" for p in POSITIONS])
def test_perft_equals_the_tables(name, variant, ident, fen, counts):
    board = board_of(variant, fen)
    checked = 0
    for kind, depth, count in counts:
        if count <= PERFT_CAP:
            assert board.perft(depth, paths=kind == "paths") == count, (kind, depth)
            checked += 1
    assert checked > 0 or min(c for _, _, c in counts) > PERFT_CAP


def test_perft_equals_the_cli_and_depth_one_the_listing():
    board = dama.Board("russian", fen="W:WKc3,a1:Be5,g5,d6,b6,f8")
    out = subprocess.run([CLI, "perft", "--variant", "russian", "--fen", board.fen(),
                          "--depth", "4", "--paths"], capture_output=True, text=True,
                         check=True).stdout
    cli = int(out.splitlines()[-1].split()[3])
    assert board.perft(4, paths=True) == cli
    assert dama.perft("russian", 4, fen=board.fen(), paths=True) == cli
    assert board.perft(1, paths=True) == len(board.legal_moves(paths=True))
    assert dama.perft("czech", 4) == 1469


def test_play_undo_fen_and_pdn():
    board = dama.Board("russian", fen="W:WKc3:Be5,g5,d6")
    (only,) = board.legal_moves()
    assert (only.notation, only.path, only.captured) == ("c3:h4", ["c3", "f6", "h4"], ["e5", "g5"])
    assert only.is_capture
    assert board.play(only) == only
    assert board.fen() == "B:WKh4:Bd6" and board.turn == "black" and board.moves == ["c3:h4"]
    pdn = board.pdn()
    assert '[FEN "W:WKc3:Be5,g5,d6"]' in pdn and "1. c3:h4 *" in pdn
    assert board.undo() == "c3:h4" and board.undo() is None
    assert board.fen() == "W:WKc3:Be5,g5,d6"
    copy = board.copy()
    copy.play("c3:h4")
    assert board.moves == [] and copy.moves == ["c3:h4"]


def test_result_by_the_goal_and_by_repetition():
    blocked = dama.Board("russian", fen="W:Wa1:Bb2,c3")
    assert blocked.legal_moves() == [] and blocked.is_over()
    assert blocked.result() == "0-1" and blocked.reason() == "white has no legal move"
    assert "0-1" in blocked.pdn()

    kings = dama.Board("czech", fen="W:WKa1,c1:BKh2,h8")
    for _ in range(2):
        for move in ["a1-b2", "h2-g1", "b2-a1", "g1-h2"]:
            assert kings.result() is None
            kings.play(move)
    assert kings.result() == "1/2-1/2" and kings.reason() == "threefold repetition"


def test_bad_input_raises_with_the_reason():
    with pytest.raises(dama.DamaError, match="unknown variant 'nope'"):
        dama.Board("nope")
    with pytest.raises(dama.DamaError, match="bad FEN: square 99 is out of range"):
        dama.Board("czech", fen="W:W99")
    with pytest.raises(dama.IllegalMoveError, match="b2 is not empty"):
        dama.Board("czech").play("a1-b2")
    with pytest.raises(dama.IllegalMoveError, match="the king must land where it can capture"):
        dama.Board("russian", fen="W:WKc3:Be5,g5,d6").play("c3xg7")
    other = dama.Board("czech").legal_moves()[0]
    board = dama.Board("czech")
    board.play(other)
    with pytest.raises(dama.IllegalMoveError, match="not legal here"):
        board.play(other)
    with pytest.raises(dama.DamaError, match="threads must be from 1 to 256"):
        dama.Engine(threads=0)
    with pytest.raises(dama.DamaError, match="time must be a positive number"):
        dama.Engine(hash=1).analyse(dama.Board(), time=-1)
    with pytest.raises(dama.DamaError, match="depth and nodes must be at least 1"):
        dama.Engine(hash=1).analyse(dama.Board(), depth=0)
    assert issubclass(dama.IllegalMoveError, ValueError)


@pytest.mark.parametrize("variant", ["czech", "international", "canadian", "turkish", "frisian"])
def test_a_search_returns_a_legal_move(variant):
    board = dama.Board(variant)
    board.play(board.legal_moves()[0])
    analysis = dama.Engine(hash=8).analyse(board, depth=5)
    legal = [m.notation for m in board.legal_moves()]
    assert analysis.best_move in legal
    assert analysis.pv[0] == analysis.best_move and analysis.depth == 5 and analysis.nodes > 0
    board.play(analysis.best_move)


def test_multipv_nodes_and_time_limits():
    board = dama.Board("czech")
    engine = dama.Engine(hash=8, multipv=3)
    analysis = engine.analyse(board, depth=6)
    assert len(analysis.lines) == 3
    assert len({line.pv[0] for line in analysis.lines}) == 3
    assert [line.score for line in analysis.lines] == sorted(
        (line.score for line in analysis.lines), reverse=True)
    assert analysis.lines[0].pv == analysis.pv
    few = dama.Engine(hash=8).analyse(board, nodes=2000)
    assert few.best_move is not None and few.nodes < 20_000
    started = time.monotonic()
    timed = dama.Engine(hash=8).analyse(board, time=0.2)
    assert timed.best_move is not None and time.monotonic() - started < 5


def test_stop_from_another_thread_ends_an_unlimited_search():
    engine = dama.Engine(hash=8)
    board = dama.Board("international")
    threading.Timer(0.3, engine.stop).start()
    started = time.monotonic()
    analysis = engine.analyse(board)
    assert time.monotonic() - started < 10
    assert analysis.best_move in [m.notation for m in board.legal_moves()]


def test_a_mate_is_found_and_scored_as_a_win():
    board = dama.Board("russian", fen="W:WKc3:Be5,g5")  # the king takes both: Black has nothing
    analysis = dama.Engine(hash=8).analyse(board, depth=3)
    assert analysis.best_move == "c3:h4"
    assert analysis.score_text.startswith("win") and analysis.score > 29_000


# pydraughts' names of the variants both know, and dama's.
SHARED = [("russian", "russian"), ("brazilian", "brazilian"), ("english", "english"),
          ("standard", "international")]


def position_of(fen):
    """A PDN FEN as (side, white squares, black squares), ranges expanded, kings marked."""
    side, *parts = fen.split(":")
    pieces = {}
    for part in parts:
        squares = set()
        for item in filter(None, part[1:].split(",")):
            king = item.startswith("K")
            item = item.lstrip("K")
            if "-" in item and item.replace("-", "").isdigit():
                low, high = map(int, item.split("-"))
                squares |= {("K" if king else "") + str(n) for n in range(low, high + 1)}
            else:
                squares.add(("K" if king else "") + item)
        pieces[part[0]] = frozenset(squares)
    return side, pieces.get("W", frozenset()), pieces.get("B", frozenset())


@pytest.mark.parametrize("pd_variant,variant", SHARED)
@pytest.mark.parametrize("seed", [1, 2])
def test_legal_moves_agree_with_pydraughts(pd_variant, variant, seed):
    draughts = pytest.importorskip("draughts")
    rng = random.Random(seed)
    theirs = draughts.Board(variant=pd_variant)
    ours = dama.Board(variant, fen=theirs.fen)
    assert position_of(ours.fen()) == position_of(theirs.fen)
    plies = 0
    while plies < 150:
        after_theirs = {}
        for move in theirs.legal_moves():
            copy = theirs.copy()
            copy.push(move)
            after_theirs[position_of(copy.fen)] = move
        after_ours = {}
        for move in ours.legal_moves(paths=True):
            copy = ours.copy()
            copy.play(move)
            after_ours[position_of(copy.fen())] = move
        assert set(after_ours) == set(after_theirs), (variant, ours.fen(), ours.moves)
        if not after_ours:
            assert ours.result() is not None
            break
        target = rng.choice(sorted(after_ours, key=str))
        theirs.push(after_theirs[target])
        ours.play(after_ours[target])
        plies += 1
    assert plies > 20
