#!/bin/sh
# time to depth D with 1 and 2 threads on three Czech middlegame positions
D=${1:-14}
for t in 1 2; do
  for F in "W:Wd4,f4,a3,e3,b2,f2,h2,a1,c1,e1,g1:Bd8,f8,h8,a7,g7,b6,d6,h6,c5,e5,g5" "W:Wf4,a3,e3,g3,b2,f2,a1,c1,e1,g1:Bf8,h8,c7,e7,g7,d6,h6,a5,c5,h4" "W:Wf4,a3,c3,g3,h2,a1,c1,g1:Bd8,a7,d6,f6,h6,a5,c5,e5"; do
    ./target/release/dama analyze --fen "$F" --depth $D --threads $t --hash 64 | grep "^info depth=$D " | sed "s/.*time=\([0-9.]*\).*/threads=$t \1/"
  done
done
