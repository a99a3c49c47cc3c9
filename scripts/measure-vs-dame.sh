#!/usr/bin/env bash
# The strength measurement of docs/match.md: dama against dame-rs 0.2.0 in international
# draughts at 3 s + 0.05 s a game, each of 100 book openings played with both colours.
#
#   scripts/measure-vs-dame.sh OUTDIR [GAMES] [CONCURRENCY]
#
# Environment: DAMA (the dama binary under test, default target/release/dama), DAME (the
# dame-rs command, default `dame`, as installed by `pip install dame-rs==0.2.0`), BASE (an
# optional second dama binary, e.g. an older build, measured against the same dame-rs at the
# same time so that the two figures share the machine load), LIMIT (seconds before a match is
# cut short, default none). Each match writes NAME.pdn, NAME.json and NAME.log to OUTDIR.
set -u
out=${1:?usage: measure-vs-dame.sh OUTDIR [GAMES] [CONCURRENCY]}
games=${2:-200}
conc=${3:-2}
dama=${DAMA:-target/release/dama}
dame=${DAME:-dame}
mkdir -p "$out"

run() {
    local name=$1 bin=$2
    local limit=()
    [ -n "${LIMIT:-}" ] && limit=(timeout "$LIMIT")
    "${limit[@]}" "$dama" match --engine "$bin hub" --engine "$dame hub" \
        --name "$name" --name dame-rs-0.2.0 --variant international --games "$games" \
        --tc 0.05+0.05 --book-openings 100 --concurrency "$conc" \
        --pdn "$out/$name.pdn" --json "$out/$name.json" >"$out/$name.log" 2>&1
    echo "$name: exit $?"
    tail -n 3 "$out/$name.log"
}

run dama "$dama" &
if [ -n "${BASE:-}" ]; then
    run dama-base "$BASE" &
fi
wait
