#!/usr/bin/env python3
"""A Hub version 1 engine (the protocol of Scan 1.x and 2.x), for the match runner's tests.

Usage: hub_v1.py DAMA_BINARY

It speaks version 1 on its standard input and output and plays with `DAMA_BINARY hub`
(version 2) behind it: `hub` -> `name`/`author`/`wait`; `set NAME VALUE`; `init` -> `ready`;
`pos <w|b><50 squares>` and `start`; `move M`; `level MOVES TIME_MS INC_MS`, `time MS`,
`depth D`; `go` -> `move M [PONDER]`; `new`, `ping` -> `pong`, `quit`.
"""

import subprocess
import sys


def main() -> int:
    dama = subprocess.Popen([sys.argv[1], "hub"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            text=True, bufsize=1)

    def tell(line):
        dama.stdin.write(line + "\n")
        dama.stdin.flush()

    def until(word):
        for line in dama.stdout:
            if line.split()[:1] == [word]:
                return line.split()
        raise SystemExit("dama stopped")

    def say(line):
        sys.stdout.write(line + "\n")
        sys.stdout.flush()

    tell("hub")
    until("wait")
    tell("set-param name=variant value=international")
    tell("set-param name=book value=false")
    pos, moves, level = "start", [], "level move-time=0.05"
    for raw in sys.stdin:
        words = raw.split()
        if not words:
            continue
        cmd, args = words[0], words[1:]
        if cmd == "hub":
            say("name dama-as-hub-1")
            say("author tests")
            say("wait")
        elif cmd == "init":
            tell("init")
            until("ready")
            say("ready")
        elif cmd == "pos":
            if len(args[0]) != 51 or args[0][0] not in "wb":
                say("error bad position")
                continue
            pos, moves = "pos=" + args[0][0].upper() + args[0][1:], []
        elif cmd == "start":
            pos, moves = "start", []
        elif cmd == "move":
            moves.append(args[0])
        elif cmd == "level":
            m, t, i = (int(a) for a in args)
            level = f"level moves={m} time={t / 1000} inc={i / 1000}" if m else \
                f"level time={t / 1000} inc={i / 1000}"
        elif cmd == "time":
            level = f"level move-time={int(args[0]) / 1000}"
        elif cmd == "depth":
            level = f"level depth={args[0]}"
        elif cmd == "go":
            tell(f"pos {pos} moves=\"{' '.join(moves)}\"" if moves else f"pos {pos}")
            tell(level)
            tell("go think")
            done = until("done")
            best = [w[5:] for w in done if w.startswith("move=")]
            say("move " + " ".join(best))
        elif cmd == "ping":
            say("pong")
        elif cmd == "quit":
            tell("quit")
            return 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
