#!/usr/bin/env python3
"""Stop and time-bound latency of `dama hub`, at depth 20 and more.

    scripts/stop_latency.py [--trials N] [--variants "czech international"] [--depth 20]
                            [--move-time S] [--threads N] [--hash MIB] [--dama PATH]
                            [--max-seconds S]

For each variant, one `dama hub` process plays a game against itself and measures two things on
the positions of that game (a new game when it ends or reaches 80 plies):

* stop: `go analyze` (no limit); once an `info depth=D` line with D >= --depth has come, wait
  0-20 ms (random), send `stop`, and time the `done` line from the moment `stop` was written.
* hard bound: `level move-time=S` then `go think`; the search's hard bound is S minus
  min(S/20, 20 ms) after `go` (src/search/time.rs); time the `done` line from that bound, and
  from S itself (a negative figure is an answer before the bound).

Each kind gets N trials a variant (the stop trials alternate with the move-time ones; fewer when
--max-seconds runs out). Prints,
per variant and kind, the count, median, p99 and maximum in milliseconds, the smallest depth a
trial reached, and exits 1 when a worst case is over 50 ms.
"""

import argparse
import random
import statistics
import subprocess
import sys
import time


class GameOver(Exception):
    """`go` in a position without a move."""


class Hub:
    """A `dama hub` process, read line by line with the arrival time of each line."""

    def __init__(self, dama, variant, threads, hash_mb):
        self.proc = subprocess.Popen(
            [dama, "hub"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
        )
        self.send("hub")
        self.until("wait")
        for name, value in (("variant", variant), ("threads", threads), ("hash", hash_mb),
                            ("book", "false")):
            self.send(f"set-param name={name} value={value}")
        self.send("init")
        self.until("ready")

    def send(self, line):
        self.last = line
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()
        return time.perf_counter()

    def line(self):
        text = self.proc.stdout.readline()
        if not text:
            sys.exit("stop_latency: dama hub ended")
        if text.startswith("error") and "the game is over" in text:
            raise GameOver()
        if text.startswith("error"):
            sys.exit(f"stop_latency: {text.strip()} (after '{self.last}')")
        return text.strip(), time.perf_counter()

    def until(self, word):
        while True:
            text, at = self.line()
            if text.split(" ", 1)[0] == word:
                return text, at

    def sync(self):
        """Reads everything up to the answer to a `ping` (after an error, a `done` may follow)."""
        self.send("ping")
        while self.proc.stdout.readline().strip() != "pong":
            pass

    def close(self):
        self.send("quit")
        self.proc.wait(timeout=10)


def field(line, name):
    for part in line.split():
        if part.startswith(name + "="):
            return part[len(name) + 1:]
    return None


def depth_of(line):
    d = field(line, "depth")
    return int(d) if d else 0


def stop_trial(hub, want_depth):
    hub.send("go analyze")
    while True:
        text, _ = hub.line()
        if text.startswith("done"):
            return None  # the search ended by itself (no move, or its depth limit)
        if text.startswith("info") and depth_of(text) >= want_depth:
            depth = depth_of(text)
            break
    time.sleep(random.uniform(0, 0.02))
    sent = hub.send("stop")
    while True:
        text, at = hub.line()
        if text.startswith("info"):
            depth = max(depth, depth_of(text))
        if text.startswith("done"):
            return (at - sent) * 1000, depth, field(text, "move")


def bound_trial(hub, move_time):
    hub.send(f"level move-time={move_time}")
    sent = hub.send("go think")
    depth = 0
    while True:
        text, at = hub.line()
        if text.startswith("info"):
            depth = max(depth, depth_of(text))
        if text.startswith("done"):
            hard = move_time - min(move_time / 20, 0.02)
            elapsed = at - sent
            return (elapsed - hard) * 1000, (elapsed - move_time) * 1000, depth, field(text, "move")


def summary(name, values, depths):
    values = sorted(values)
    p99 = values[min(len(values) - 1, int(len(values) * 0.99))]
    print(f"  {name:<22} n={len(values):5d} median={statistics.median(values):7.2f} ms "
          f"p99={p99:7.2f} ms max={values[-1]:7.2f} ms  (least depth {min(depths)})")
    return values[-1]


def measure(args, variant):
    hub = Hub(args.dama, variant, args.threads, args.hash)
    stops, stop_depths, bounds, past_s, bound_depths = [], [], [], [], []
    moves = []
    deadline = time.monotonic() + args.max_seconds if args.max_seconds else None
    for _ in range(args.trials):
        if deadline and time.monotonic() > deadline:
            break
        game = f' moves="{" ".join(moves)}"' if moves else ""
        try:
            hub.send(f"pos start{game}")
            stopped = stop_trial(hub, args.depth)
            if stopped is not None:
                stops.append(stopped[0])
                stop_depths.append(stopped[1])
            hub.send(f"pos start{game}")
            from_hard, from_s, depth, move = bound_trial(hub, args.move_time)
        except GameOver:
            hub.sync()
            moves = []
            continue
        bounds.append(from_hard)
        past_s.append(from_s)
        bound_depths.append(depth)
        if move is None or move == "none" or len(moves) >= 80:
            moves = []
        else:
            moves.append(move)
    hub.close()
    sys.stdout.flush()
    print(f"{variant} (threads {args.threads}, hash {args.hash} MiB, move-time {args.move_time} s):")
    worst = summary("stop -> done", stops, stop_depths)
    worst = max(worst, summary("hard bound -> done", bounds, bound_depths))
    summary("move-time -> done", past_s, bound_depths)
    sys.stdout.flush()
    return worst


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("--dama", default="target/release/dama")
    p.add_argument("--trials", type=int, default=1000)
    p.add_argument("--variants", default="czech international")
    p.add_argument("--depth", type=int, default=20)
    p.add_argument("--move-time", type=float, default=1.0)
    p.add_argument("--threads", type=int, default=1)
    p.add_argument("--hash", type=int, default=64)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--max-seconds", type=float, default=0,
                   help="stop each variant's trials after this long (0: no limit)")
    args = p.parse_args()
    random.seed(args.seed)
    worst = max(measure(args, v) for v in args.variants.split())
    sys.exit(1 if worst > 50 else 0)


if __name__ == "__main__":
    main()
