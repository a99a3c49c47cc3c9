#!/usr/bin/env bash
# Soak test: many fast games through `dama match`, two at a time, counting every failure.
#
#   scripts/soak.sh [-n GAMES] [-t SECONDS_PER_MOVE] [-v "VARIANT ..."] [-b DAMA_BIN] [-o OUTDIR] [DAME_PATH]
#
# Plays GAMES games (default 1000) spread over the variants (default: every variant `dama
# variants` lists, or against dame-rs the seven it plays) and over
# configurations that vary the threads (1, 2), the hash (1, 16, 64 MiB) and the book (on, off) of
# each side. dama plays itself, or the dame-rs engine at DAME_PATH (started as `DAME_PATH hub`)
# when one is given. Each match writes its JSON summary, PDN and log to OUTDIR (default a fresh
# temporary directory). A failure is a game ended by a crash, a hang, an illegal move, a time
# forfeit or garbage output, a game not ended by the rules (the ply limit), or a match that did
# not run to its end. Prints the counts and exits 1 if there is any failure.
#
#   scripts/soak.sh -n 20 -t 0.02 -v "czech international"   # the short soak of .ci/run
set -euo pipefail
cd "$(dirname "$0")/.."

games=1000 movetime=0.03 variants=""
dama=target/release/dama out=""
while getopts "n:t:v:b:o:" opt; do
    case $opt in
        n) games=$OPTARG ;;
        t) movetime=$OPTARG ;;
        v) variants=$OPTARG ;;
        b) dama=$OPTARG ;;
        o) out=$OPTARG ;;
        *) sed -n 2,14p "$0"; exit 2 ;;
    esac
done
shift $((OPTIND - 1))
dame=${1:-}
[ -x "$dama" ] || { echo "soak: no dama binary at $dama (cargo build --release)" >&2; exit 2; }
if [ -z "$variants" ]; then
    if [ -n "$dame" ]; then
        variants="czech russian brazilian pool english international mala"
    else
        variants=$("$dama" variants | awk '!/^ / {print $1}' | tr '\n' ' ')
    fi
fi
out=${out:-$(mktemp -d /tmp/dama-soak.XXXXXX)}
mkdir -p "$out"

# Configurations: threads, hash (MiB), book (each side gets the same).
configs=("1 16 true" "2 64 false" "1 1 false" "2 16 true")
set -- $variants
runs=$(( $# * ${#configs[@]} ))
per_run=$(( (games + runs - 1) / runs ))
per_run=$(( per_run + per_run % 2 ))          # colour-swapped pairs

second="$dama hub"
[ -n "$dame" ] && second="$dame hub"
failed_runs=0 run=0
for variant in $variants; do
    for cfg in "${configs[@]}"; do
        read -r threads hash book <<<"$cfg"
        run=$((run + 1))
        name="$out/$run-$variant-t$threads-h$hash-$book"
        opts=(--option "1:threads=$threads" --option "1:hash=$hash" --option "1:book=$book")
        if [ -z "$dame" ]; then
            opts+=(--option "2:threads=$((3 - threads))" --option "2:hash=$hash" --option "2:book=$book")
        fi
        if ! "$dama" match --engine "$dama hub" --engine "$second" --variant "$variant" \
            --games "$per_run" --movetime "$movetime" --book-openings "$per_run" \
            --concurrency 2 --seed "$run" "${opts[@]}" \
            --pdn "$name.pdn" --json "$name.json" >"$name.log" 2>&1 </dev/null; then
            echo "soak: match $name did not finish (see $name.log)"
            failed_runs=$((failed_runs + 1))
        fi
    done
done

python3 - "$out" "$failed_runs" <<'EOF'
import json, pathlib, sys
out, failed_runs = pathlib.Path(sys.argv[1]), int(sys.argv[2])
bad = ["crash", "hang", "illegal move", "time forfeit", "garbage output", "ply limit", "adjudication"]
counts = {k: 0 for k in bad}
games = 0
for f in sorted(out.glob("*.json")):
    for g in json.loads(f.read_text())["game_list"]:
        games += 1
        t = g["termination"]
        if t in counts:
            counts[t] += 1
            print(f"soak: {f.name} game {g['index'] + 1}: {t}: {g['reason']}")
failures = sum(counts.values()) + failed_runs
print(f"soak: {games} games, " + ", ".join(f"{k} {v}" for k, v in counts.items())
      + f", unfinished matches {failed_runs}: {failures} failures ({out})")
sys.exit(1 if failures else 0)
EOF
