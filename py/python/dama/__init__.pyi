"""Types of `import dama` (the extension module dama._dama, re-exported)."""

from typing import List, Optional, Union

__version__: str

class DamaError(ValueError):
    """Bad input refused by dama (unknown variant, bad FEN, bad limit), with the reason."""

class IllegalMoveError(DamaError):
    """A move that is not legal in the position, with the rules core's reason.

    >>> dama.Board("czech").play("a1-b2")
    Traceback (most recent call last):
    dama.IllegalMoveError: 'a1-b2': b2 is not empty; the piece on a1 cannot move
    """

class Move:
    """One legal move, as `Board.legal_moves()` lists it.

    >>> m = dama.Board("russian", fen="W:WKc3:Be5,g5,d6").legal_moves()[0]
    >>> m.notation, m.path, m.captured
    ('c3:h4', ['c3', 'f6', 'h4'], ['e5', 'g5'])
    """

    @property
    def notation(self) -> str:
        """The move in the variant's notation, the shortest text that names it alone."""
    @property
    def path(self) -> List[str]:
        """The start square, then every square it lands on; the last is the destination."""
    @property
    def captured(self) -> List[str]:
        """The squares of the pieces taken, in the order they are taken."""
    @property
    def is_capture(self) -> bool:
        """Whether the move takes pieces."""

class Board:
    """A game of any variant: start position, moves played, draw counters.

    >>> board = dama.Board("international")
    >>> board.play("32-28").notation
    '32-28'
    >>> board.turn, board.moves
    ('black', ['32-28'])
    >>> board.undo()
    '32-28'
    """

    def __init__(self, variant: str = "czech", fen: Optional[str] = None) -> None:
        """The start of `variant` (`dama.variants()` lists the names), or the position of
        `fen` (PDN FEN, e.g. `"W:W21,22:B9,10"`, `K` before a king's square). Raises
        `DamaError` for an unknown variant or a bad FEN."""
    @property
    def variant(self) -> str:
        """The variant's name."""
    @property
    def turn(self) -> str:
        """The side to move: `"white"` or `"black"`."""
    @property
    def moves(self) -> List[str]:
        """The moves played since the start position, in the variant's notation."""
    def fen(self) -> str:
        """The current position as PDN FEN."""
    def legal_moves(self, paths: bool = False) -> List[Move]:
        """The legal moves: one per distinct move, or with `paths` one per capture path (as
        `dama moves --paths` lists them). Empty when the game is over by its goal."""
    def play(self, move: Union[Move, str]) -> Move:
        """Plays a `Move` of `legal_moves()` or move text (`"c3-d4"`, `"c3xe5"`, a full path
        `"c3xe5xc7"`); returns the move played. Raises `IllegalMoveError` with the reason."""
    def undo(self) -> Optional[str]:
        """Takes back the last move; returns its notation, or None at the start."""
    def is_over(self) -> bool:
        """Whether the game is over, by the variant's goal or a draw rule."""
    def result(self) -> Optional[str]:
        """`"1-0"`, `"0-1"` or `"1/2-1/2"` when the game is over, else None."""
    def reason(self) -> Optional[str]:
        """Why the game is over (`"black has no legal move"`, `"threefold repetition"`)."""
    def plies_to_draw(self) -> Optional[int]:
        """Plies left before a no-progress or endgame draw rule ends the game, if one counts."""
    def pdn(self) -> str:
        """The game as PDN: tags (GameType, the FEN of a set-up start, Result), then moves."""
    def perft(self, depth: int, paths: bool = False) -> int:
        """Move sequences of `depth` plies from here; `paths`: every capture path counts."""
    def copy(self) -> "Board":
        """A copy of the board with its history."""

class Line:
    """One line of analysis."""

    @property
    def score(self) -> int:
        """Centi-men from the side to move; a win in n plies is 30000 - n, a loss negative."""
    @property
    def score_text(self) -> str:
        """`0.35` (men), `win12` or `loss7` (plies)."""
    @property
    def pv(self) -> List[str]:
        """The principal variation in the variant's notation."""
    @property
    def depth(self) -> int:
        """Nominal depth of the line."""

class Analysis:
    """What `Engine.analyse` found.

    >>> a = dama.Engine(hash=16).analyse(dama.Board("czech"), depth=6)
    >>> a.best_move, a.depth
    ('c3-d4', 6)
    """

    @property
    def best_move(self) -> Optional[str]:
        """The move to play; None when the side to move has no legal move."""
    @property
    def ponder(self) -> Optional[str]:
        """The expected reply, when there is one."""
    @property
    def score(self) -> int:
        """The best line's score (see `Line.score`)."""
    @property
    def score_text(self) -> str:
        """The score as dama prints it."""
    @property
    def pv(self) -> List[str]:
        """The best line, starting with `best_move`."""
    @property
    def depth(self) -> int:
        """The deepest nominal depth completed."""
    @property
    def nodes(self) -> int:
        """Nodes searched."""
    @property
    def lines(self) -> List[Line]:
        """Every line of the last depth, best first (`multipv` of them)."""

class Engine:
    """The dama engine. One search at a time; `stop()` from another thread ends it.

    >>> engine = dama.Engine(threads=1, hash=64, multipv=2)
    >>> analysis = engine.analyse(dama.Board("russian"), time=0.5)
    >>> len(analysis.lines)
    2
    """

    def __init__(self, threads: int = 1, hash: int = 64, multipv: int = 1, skill: int = 5) -> None:
        """`threads` search threads (1-256), a `hash` MiB table (1-65536), `multipv` lines,
        strength `skill` 1-5 (5 = full). Raises `DamaError` for a value out of range."""
    def analyse(
        self,
        board: Board,
        depth: Optional[int] = None,
        nodes: Optional[int] = None,
        time: Optional[float] = None,
    ) -> Analysis:
        """Searches `board`'s position (its history counts for the draw rules) until `depth`,
        `nodes` or `time` seconds, whichever comes first; with none of them, until `stop()`.
        Releases the GIL while it searches."""
    def stop(self) -> None:
        """Ends the running search; it answers with its best move so far."""
    def new_game(self) -> None:
        """Forgets past searches (transposition table and move-ordering memories)."""

def perft(variant: str, depth: int, fen: Optional[str] = None, paths: bool = False) -> int:
    """Move sequences of `depth` plies from `fen` (or the start) of `variant`.

    >>> dama.perft("czech", 4)
    1469
    """

def variants() -> List[str]:
    """The names of the 27 variants dama plays."""
