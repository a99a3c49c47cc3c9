#!/usr/bin/env python3
"""A scripted Hub engine that misbehaves on purpose, for the match runner's tests.

Usage: scripted.py MODE [--log FILE]

It answers the handshake like a real engine (hub -> id/param/wait, init -> ready, ping -> pong)
and then, on every `go`, does what MODE says:

  illegal   answer `done move=1-2` (never legal: square 2 is not next to square 1)
  crash     exit at once with status 3
  hang      never answer (keeps reading input until it is closed)
  garbage   answer `done move=@@@`
  silent-done  answer a bare `done` without a move
  late      answer `done move=1-2` after 0.4 s (later than a short move time allows)

With --log FILE, one line `start` is appended to FILE each time the process starts, so a test can
count restarts.
"""

import sys
import time


def main() -> int:
    args = sys.argv[1:]
    if not args:
        print("usage: scripted.py MODE [--log FILE]", file=sys.stderr)
        return 2
    mode = args[0]
    if "--log" in args:
        with open(args[args.index("--log") + 1], "a", encoding="utf-8") as f:
            f.write("start\n")
    out = sys.stdout
    hanging = False
    for raw in sys.stdin:
        words = raw.split()
        if not words:
            continue
        cmd = words[0]
        if cmd == "quit":
            return 0
        if hanging:
            continue
        if cmd == "hub":
            out.write(f"id name=scripted-{mode} version=1 author=tests\n")
            out.write('param name=variant value=czech type=enum values="czech russian"\n')
            out.write("wait\n")
        elif cmd == "init":
            out.write("ready\n")
        elif cmd == "ping":
            out.write("pong\n")
        elif cmd == "go":
            if mode == "illegal":
                out.write("info depth=1 score=0.00\ndone move=1-2\n")
            elif mode == "crash":
                return 3
            elif mode == "hang":
                hanging = True
            elif mode == "garbage":
                out.write("done move=@@@\n")
            elif mode == "silent-done":
                out.write("done\n")
            elif mode == "late":
                time.sleep(0.4)
                out.write("done move=1-2\n")
            else:
                print(f"unknown mode {mode}", file=sys.stderr)
                return 2
        out.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
