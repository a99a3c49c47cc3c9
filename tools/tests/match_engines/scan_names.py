#!/usr/bin/env python3
"""A Hub engine that names its variants as Scan 3.x does, for the match runner's tests.

Usage: scan_names.py NAME DAMA_BINARY

It runs `DAMA_BINARY hub` and passes every line through, except that it announces the variant
parameter as Scan does (`values="NAME killer bt frisian losing"`, NAME being `normal` or
`standard`) and turns `set-param name=variant value=NAME` into dama's `international`.
"""

import subprocess
import sys
import threading


def main() -> int:
    name, binary = sys.argv[1], sys.argv[2]
    dama = subprocess.Popen([binary, "hub"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            text=True, bufsize=1)

    def pump_out():
        for line in dama.stdout:
            if line.startswith("param name=variant "):
                line = f'param name=variant value={name} type=enum values="{name} killer bt frisian losing"\n'
            sys.stdout.write(line)
            sys.stdout.flush()

    threading.Thread(target=pump_out, daemon=True).start()
    for line in sys.stdin:
        if line.split() == ["set-param", "name=variant", f"value={name}"]:
            line = "set-param name=variant value=international\n"
        elif line.startswith("set-param name=variant"):
            sys.stdout.write('error message="unknown variant"\n')
            sys.stdout.flush()
            continue
        dama.stdin.write(line)
        dama.stdin.flush()
        if line.strip() == "quit":
            break
    dama.wait(timeout=10)
    return 0


if __name__ == "__main__":
    sys.exit(main())
