#!/usr/bin/env bash
# The yardstick of docs/match.md: dama against Scan 2.0 in international draughts, equal clock
# (6 s + 0.1 s a game by default), balanced openings from dama's international book, each
# played with both colours.
#
#   scripts/measure-vs-scan.sh SCAN [GAMES]
#
# SCAN is the path of a Scan 2.0 binary built from its own sources, or of a wrapper that starts
# one (nothing of Scan is part of dama). It is started from its own directory, where Scan reads
# scan.ini and data/, as `SCAN hub` (Scan 2.0 speaks Hub version 1, which `dama match` detects).
# GAMES defaults to 200 (GAMES/2 openings, each twice with colours swapped).
#
# Environment: DAMA (the dama binary, default target/release/dama), COMMIT (the dama commit it
# was built from, default the checkout's HEAD; it names the engine and the files), TC (the `--tc` of dama
# match: minutes+increment, default 0.1+0.1, i.e. 6 s + 0.1 s; 1+0.5 for 60 s + 0.5 s),
# CONCURRENCY (games at a time, default 2), SEED (of the opening choice, default 1), OUT (where
# the PDN, JSON and log go, default docs/measurements), NICE (niceness, default 10), MARGIN
# (the `--time-margin` in ms that either engine may overstep its clock by, default 500: on a
# loaded machine an answer can be late by a scheduling delay, which is not the engine's play).
# The PDN is kept gzipped as OUT/DATE-COMMIT-vs-scan-2.0-TC.pdn.gz; the last lines printed are
# the result with the commit and `dama bench` signature, for docs/match.md.
set -u
scan=${1:?usage: measure-vs-scan.sh SCAN [GAMES]}
games=${2:-200}
dama=${DAMA:-target/release/dama}
tc=${TC:-0.1+0.1}
conc=${CONCURRENCY:-2}
seed=${SEED:-1}
out=${OUT:-docs/measurements}
niceness=${NICE:-10}
margin=${MARGIN:-500}

[ -x "$scan" ] || { echo "measure-vs-scan.sh: $scan is not an executable file" >&2; exit 2; }
[ -x "$dama" ] || { echo "measure-vs-scan.sh: $dama is not an executable file" >&2; exit 2; }
scan_dir=$(cd "$(dirname "$scan")" && pwd)
scan_abs="$scan_dir/$(basename "$scan")"
dama_abs=$(cd "$(dirname "$dama")" && pwd)/$(basename "$dama")
commit=${COMMIT:-$(git rev-parse --short HEAD 2>/dev/null || echo unknown)}
bench=$("$dama_abs" bench 2>/dev/null | awk '/nodes .* nps$/ {n = $1} END {print n}')
label=$(awk -v tc="$tc" 'BEGIN {split(tc, a, "+"); printf "%gs+%gs", a[1] * 60, a[2]}')
name="$(date -u +%F)-$commit-vs-scan-2.0-$label"
mkdir -p "$out"

nice -n "$niceness" "$dama_abs" match \
    --engine "$dama_abs hub" --engine "sh -c 'cd \"$scan_dir\" && exec \"$scan_abs\" hub'" \
    --name "dama-$commit" --name scan-2.0 --variant international --games "$games" \
    --tc "$tc" --time-margin "$margin" --book-openings $(((games + 1) / 2)) --seed "$seed" --concurrency "$conc" \
    --pdn "$out/$name.pdn" --json "$out/$name.json" >"$out/$name.log" 2>&1
status=$?
[ -f "$out/$name.pdn" ] && gzip -f "$out/$name.pdn"
tail -n 3 "$out/$name.log"
echo "dama $commit (Bench: ${bench:-unknown}) vs Scan 2.0, international, $label ($tc)," \
    "$games games, seed $seed, margin $margin ms: $out/$name.pdn.gz, $out/$name.json (exit $status)"
exit $status
