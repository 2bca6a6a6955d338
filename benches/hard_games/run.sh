#!/usr/bin/env bash
# The Cram tutorial against igsolve, Piotr Beling's solver of impartial games, board by board.
#
#   benches/hard_games/run.sh [TIMEOUT]      (TIMEOUT: seconds per board and program, default 600)
#
# Builds `examples/cram.rs` in release, then for each board R × C of the list below runs
#
#   target/release/examples/cram R C        (the crate's search: the value only)
#   target/release/examples/cram R C --moves  (the value, then every winning first domino)
#   igsolve cram --rows R --cols C          (the value only)
#
# checks that they print the same value, and prints each one's wall time and the ratios
# time(cram) / time(igsolve) (value only, the like-for-like comparison) and
# time(cram --moves) / time(igsolve). A program past TIMEOUT is stopped and its board marked; a value
# that differs stops the script with an error.
#
# For people, not CI. It installs nothing: igsolve (LGPL, from crates.io) is a measuring tool
# only, never a dependency of the crate; install it yourself with `cargo install igsolve`
# (its README suggests RUSTFLAGS="-C target-cpu=native"). The machine should be quiet; on a
# shared one, read the ratios rather than the times.
set -euo pipefail

timeout_s=${1:-600}
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
boards=("4 7" "5 5" "5 6" "5 7" "4 9" "5 8")

command -v igsolve > /dev/null || {
    echo "run.sh needs igsolve: cargo install igsolve" >&2
    exit 1
}
command -v timeout > /dev/null || {
    echo "run.sh needs timeout (GNU coreutils)" >&2
    exit 1
}
(cd "$root" && cargo build --quiet --release --example cram)
cram="$root/target/release/examples/cram"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Runs "$@" under the timeout, its output in $work/out; prints the wall time in seconds, or
# "timeout".
timed() {
    local start end status=0
    start=$(date +%s%N)
    timeout "$timeout_s" "$@" > "$work/out" 2>&1 || status=$?
    end=$(date +%s%N)
    if [ "$status" -eq 124 ]; then
        echo timeout
    elif [ "$status" -ne 0 ]; then
        echo "$* failed (status $status):" >&2
        cat "$work/out" >&2
        exit 1
    else
        awk -v ns=$((end - start)) 'BEGIN { printf "%.3f", ns / 1e9 }'
    fi
}

printf '%-8s %7s %9s %9s %10s %7s %9s\n' board value "cram s" "igsolve s" ratio "--moves s" ratio
for board in "${boards[@]}"; do
    read -r r c <<< "$board"
    t_cram=$(timed "$cram" "$r" "$c")
    # `value: *3`, the last line
    v_cram=$(sed -n 's/^value: \*\([0-9]*\)$/\1/p' "$work/out")
    t_moves=$(timed "$cram" "$r" "$c" --moves)
    v_moves=$(sed -n 's/^value: \*\([0-9]*\)$/\1/p' "$work/out")
    t_ig=$(timed igsolve cram --rows "$r" --cols "$c")
    # `Nimber of initial position: 3`
    v_ig=$(sed -n 's/^Nimber of initial position: \([0-9]*\)$/\1/p' "$work/out")
    for v in "$v_cram" "$v_moves"; do
        if [ -n "$v" ] && [ -n "$v_ig" ] && [ "$v" != "$v_ig" ]; then
            echo "$r × $c: cram says *$v, igsolve says *$v_ig" >&2
            exit 1
        fi
    done
    value=${v_cram:-${v_moves:-$v_ig}}
    ratio() {
        if [ "$1" = timeout ] || [ "$t_ig" = timeout ]; then
            echo -
        else
            awk -v a="$1" -v b="$t_ig" 'BEGIN { printf "%.2fx", a / b }'
        fi
    }
    printf '%-8s %7s %9s %9s %10s %7s %9s\n' "${r}x${c}" "*${value:-?}" "$t_cram" "$t_ig" \
        "$(ratio "$t_cram")" "$t_moves" "$(ratio "$t_moves")"
done
