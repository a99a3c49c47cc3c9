#!/usr/bin/env bash
# Nodes per second and depth of dama and Scan 2.0 in one run: one thread each, no book, the
# same international position (after 32-28 18-23 37-32 12-18), SECONDS a search, the two engines
# alternated ROUNDS times (dama, Scan, dama, Scan, ...) so that both see the same machine load.
#
#   scripts/nps-vs-scan.sh SCAN [SECONDS] [ROUNDS]
#
# SCAN: a Scan 2.0 binary (or a wrapper), started from its own directory as `SCAN hub`
# (Hub version 1: `info DEPTH PLY-AVG SCORE NODES TIME MNPS PV`). DAMA: the dama binary (default
# target/release/dama; `dama hub`, Hub version 2). Prints one line per search: the engine, the
# last completed depth, nodes, seconds and M nodes/s, from the engine's last info line.
set -u
scan=${1:?usage: nps-vs-scan.sh SCAN [SECONDS] [ROUNDS]}
secs=${2:-5}
rounds=${3:-2}
dama=${DAMA:-target/release/dama}
[ -x "$scan" ] || { echo "nps-vs-scan.sh: $scan is not an executable file" >&2; exit 2; }
[ -x "$dama" ] || { echo "nps-vs-scan.sh: $dama is not an executable file" >&2; exit 2; }
scan_dir=$(cd "$(dirname "$scan")" && pwd)
scan_abs="$scan_dir/$(basename "$scan")"
start=bbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww
moves="32-28 18-23 37-32 12-18"
ms=$((secs * 1000))

run_dama() {
    {
        printf 'hub\nset-param name=variant value=international\nset-param name=book value=false\n'
        printf 'set-param name=threads value=1\ninit\n'
        printf 'pos pos=W%s moves="%s"\nlevel move-time=%s\ngo think\n' "$start" "$moves" "$secs"
        sleep $((secs + 3))
        echo quit
    } | "$dama" hub | grep '^info depth=' | tail -n 1 |
        sed -E 's/^info depth=([0-9]+) .* nodes=([0-9]+) time=([0-9.]+) nps=([0-9.]+).*/dama     depth \1 nodes \2 time \3 s \4 M nps/'
}

run_scan() {
    {
        printf 'hub\nset book false\nset threads 1\ninit\npos w%s\n' "$start"
        for m in $moves; do echo "move $m"; done
        printf 'time %s\nanalyse\n' "$ms"
        sleep $((secs + 3))
        echo quit
    } | (cd "$scan_dir" && "$scan_abs" hub) | grep '^info ' | tail -n 1 |
        awk '{printf "scan-2.0 depth %s nodes %s time %s s %s M nps\n", $2, $5, $6, $7}'
}

for _ in $(seq "$rounds"); do
    run_dama
    run_scan
done
