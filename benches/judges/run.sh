#!/usr/bin/env bash
# The judge examples against plain C++ `scanf` solutions, on the same generated inputs.
#
#   benches/judges/run.sh [SCALE]      (SCALE: cases per sample case, default 1000)
#
# Builds the six judge examples (release), the C++ solutions beside this script and the
# input generator `gen.cpp` (g++ -O2), writes one input per judge with SCALE times the
# sample's number of cases (drawn within the statement's limits, fixed seed), checks that
# both programs print exactly the same, times both with hyperfine (else a loop of runs
# under bash's `time`), and prints time(Rust) / time(C++) per judge.
#
# For people, not CI: it needs g++ (and, for the best figures, hyperfine). The machine
# should be quiet; run it under `nice` on a shared one and read the ratios, not the times.
set -euo pipefail

scale=${1:-1000}
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
work="$root/target/judges"
mkdir -p "$work"
judges=(attack_city bzoj1022_john hdu1846_brave_game hdu1850_good_boy poj1067_wythoff poj1704_georgia_bob)

command -v g++ > /dev/null || { echo "run.sh needs g++" >&2; exit 1; }
(cd "$root" && cargo build --quiet --release $(printf -- '--example %s ' "${judges[@]}"))
g++ -O2 -o "$work/gen" "$here/gen.cpp"
for j in "${judges[@]}"; do
    g++ -O2 -o "$work/cpp_$j" "$here/$j.cpp"
done

# The median wall time in milliseconds of `prog < input` (the median, not the mean: on a
# shared machine a few runs are much slower than the rest).
median_ms() {
    local prog=$1 input=$2 csv
    if command -v hyperfine > /dev/null; then
        csv=$(mktemp)
        if hyperfine --help | grep -q -- '--input'; then
            # hyperfine 1.16 and later: no shell between the program and its input.
            hyperfine --style none -N --warmup 5 --min-runs 50 --input "$input" \
                --output null --export-csv "$csv" "$prog" > /dev/null 2>&1
        else
            hyperfine --style none --warmup 5 --min-runs 30 --export-csv "$csv" \
                "$prog < $input > /dev/null" > /dev/null 2>&1
        fi
        # The median is the fourth column, in seconds.
        awk -F, 'NR == 2 { printf "%.3f", $4 * 1000 }' "$csv"
        rm -f "$csv"
    else
        local runs=51 start end
        for _ in $(seq "$runs"); do
            start=$(date +%s%N)
            "$prog" < "$input" > /dev/null
            end=$(date +%s%N)
            echo $((end - start))
        done | sort -n | awk -v n="$runs" 'NR == int(n / 2) + 1 { printf "%.3f", $1 / 1e6 }'
    fi
}

printf '%-22s %10s %10s %10s %8s\n' judge "input KiB" "Rust ms" "C++ ms" ratio
for j in "${judges[@]}"; do
    input="$work/in_$j.txt"
    "$work/gen" "$j" "$scale" > "$input"
    rust="$root/target/release/examples/$j"
    cpp="$work/cpp_$j"
    if ! cmp -s <("$rust" < "$input") <("$cpp" < "$input"); then
        echo "$j: the outputs differ" >&2
        exit 1
    fi
    r=$(median_ms "$rust" "$input")
    c=$(median_ms "$cpp" "$input")
    printf '%-22s %10d %10s %10s %8s\n' "$j" $(($(wc -c < "$input") / 1024)) "$r" "$c" \
        "$(awk -v r="$r" -v c="$c" 'BEGIN { printf "%.2fx", r / c }')"
done

# What starting a process costs: each program on the input `0` (no case at all).
echo 0 > "$work/in_zero.txt"
r=$(median_ms "$root/target/release/examples/hdu1846_brave_game" "$work/in_zero.txt")
c=$(median_ms "$work/cpp_hdu1846_brave_game" "$work/in_zero.txt")
printf '%-22s %10s %10s %10s %8s\n' "(startup: input 0)" 0 "$r" "$c" \
    "$(awk -v r="$r" -v c="$c" 'BEGIN { printf "%.2fx", r / c }')"
