"""dama for Python: the rules of 27 draughts games and the dama engine.

>>> import dama
>>> board = dama.Board("russian")
>>> len(board.legal_moves()), board.legal_moves()[0].notation
(7, 'c3-b4')
>>> board.play("c3-d4").path
['c3', 'd4']
>>> dama.Engine(hash=16).analyse(board, depth=4).best_move in [m.notation for m in board.legal_moves()]
True

See docs/python.md in the repository for the whole API; `help(dama.Board)` for each method.
"""

from ._dama import (
    Analysis,
    Board,
    DamaError,
    Engine,
    IllegalMoveError,
    Line,
    Move,
    __version__,
    perft,
    variants,
)

__all__ = [
    "Analysis",
    "Board",
    "DamaError",
    "Engine",
    "IllegalMoveError",
    "Line",
    "Move",
    "__version__",
    "perft",
    "variants",
]
