"""A game between two dama Hub engines, driven move by move through pydraughts 0.6.7, for the
variants where pydraughts' rules are known to differ from dama's in places: every move dama sends
must be legal for pydraughts, except in a position where `known_difference(board, move)` names
one of the known differences; the game then ends there with that note."""

import time

import draughts
from draughts import BLACK, WHITE
from test_pydraughts import MAX_PLIES, close_engine, end_reason

START_TIME = 1.0  # seconds per side
INCREMENT = 0.02  # seconds per move


def play_game(variant, engines, known_difference):
    """Plays `engines` (by colour) from the start of `variant`; returns (reason, plies). The
    engines are closed at the end."""
    board = draughts.Board(variant=variant)
    clocks = {WHITE: START_TIME, BLACK: START_TIME}
    try:
        while not board.is_over():
            assert len(board.move_stack) < MAX_PLIES, f"no end after {MAX_PLIES} plies: {board.fen}"
            side = board.turn
            started = time.monotonic()
            moves = " ".join(m.hub_move for m in board.move_stack)
            # HubEngine.play without its Move lookup, so that a rejected move can be examined
            sent, _ = engines[side].go(
                board._game.initial_hub_fen, moves=moves, my_time=max(clocks[side], 0.01),
                inc=INCREMENT, depth=None, nodes=None, movetime=None, ponder=False,
            )
            try:
                move = draughts.Move(board.copy(), hub_move=sent)
            except KeyError:
                why = known_difference(board, sent)
                assert why, f"dama sent a move pydraughts rejects at {board.fen}: {sent!r}"
                return f"pydraughts differs: {why}", len(board.move_stack)
            clocks[side] += INCREMENT - (time.monotonic() - started)
            board.push(move)
        return end_reason(board), len(board.move_stack)
    finally:
        for engine in engines.values():
            close_engine(engine)
