#!/bin/sh
# Plays the matches of the strength table in docs/engine.md ("How strong it is").
#
#   sh tools/strength.sh                          # every match whose opponent is installed
#   sh tools/strength.sh hard-normal normal-easy  # only these
#   DRY_RUN=1 sh tools/strength.sh                # print the commands, play nothing
#
# Matches: gpsshogi (two seeds of 40 games), fsf, hard-normal, normal-easy, easy-gnushogi.
# The sparring partners (docs/engine.md, "Sparring partners"): $GPSUSI, a wrapper that starts
# gpsusi with a private OSL_HOME; /usr/games/fairy-stockfish (or $FAIRY_STOCKFISH);
# $GNUSHOGI_USI, a USI adapter for GNU Shogi. A match whose opponent is missing is skipped.
# Each match's games go to strength-NAME.jsonl in the current folder; the last line each match
# prints is its result.
set -eu

K=target/release/komadai-usi
M=target/release/examples/usi_match
FSF=${FAIRY_STOCKFISH:-/usr/games/fairy-stockfish}

run() {
    echo "+ $*"
    if [ -z "${DRY_RUN:-}" ]; then
        "$@"
    fi
}

have() {
    # The first word of a command line names a program that can be run.
    [ -n "$1" ] && command -v "${1%% *}" >/dev/null 2>&1
}

skip() {
    echo "strength: skipping $1: $2" >&2
}

match() {
    case "$1" in
    gpsshogi)
        if have "${GPSUSI:-}"; then
            for seed in 1 2; do
                run "$M" -a "$K" --opt-a Level=Max --opt-a Threads=1 -b "$GPSUSI" \
                    --byoyomi 1000 --timeout-margin 5000 -n 40 -c 2 --random-plies 8 \
                    --seed "$seed" -q --log "strength-gpsshogi-s$seed.jsonl"
            done
        else
            skip gpsshogi "set GPSUSI to a gpsusi wrapper"
        fi
        ;;
    fsf)
        if have "$FSF"; then
            run "$M" -a "$K" --opt-a Level=Max --opt-a Threads=1 -b "$FSF" --opt-b Threads=1 \
                --opt-b Hash=64 --opt-b Contempt=0 --byoyomi 1000 --go-b "go movetime 1000" \
                -n 40 -c 2 --random-plies 8 --seed 1 --timeout-margin 2000 -q \
                --log strength-fsf.jsonl
        else
            skip fsf "no $FSF (apt-get install fairy-stockfish, or set FAIRY_STOCKFISH)"
        fi
        ;;
    hard-normal)
        run "$M" -a "$K" --opt-a Level=Hard --opt-a Threads=1 -b "$K" --opt-b Level=Normal \
            --go-a "go nodes 50000" --byoyomi 1000 --timeout-margin 5000 -n 40 -c 2 --seed 3 -q \
            --log strength-hard-normal.jsonl
        ;;
    normal-easy)
        run "$M" -a "$K" --opt-a Level=Normal -b "$K" --opt-b Level=Easy --byoyomi 1000 -n 40 \
            -c 2 --seed 2 -q --log strength-normal-easy.jsonl
        ;;
    easy-gnushogi)
        if have "${GNUSHOGI_USI:-}"; then
            run "$M" -a "$GNUSHOGI_USI" --opt-a Depth=2 -b "$K" --opt-b Level=Easy \
                --byoyomi 1000 --timeout-margin 5000 -n 40 -c 2 --seed 4 -q \
                --log strength-easy-gnushogi.jsonl
        else
            skip easy-gnushogi "set GNUSHOGI_USI to a USI adapter for GNU Shogi"
        fi
        ;;
    *)
        echo "strength: no match named '$1' (gpsshogi, fsf, hard-normal, normal-easy, easy-gnushogi)" >&2
        exit 2
        ;;
    esac
}

if [ "$#" -eq 0 ]; then
    set -- gpsshogi fsf hard-normal normal-easy easy-gnushogi
fi
for name in "$@"; do
    case "$name" in
    gpsshogi | fsf | hard-normal | normal-easy | easy-gnushogi) ;;
    *)
        echo "strength: no match named '$name' (gpsshogi, fsf, hard-normal, normal-easy, easy-gnushogi)" >&2
        exit 2
        ;;
    esac
done

run cargo build --release --no-default-features --bin komadai-usi --example usi_match
for name in "$@"; do
    match "$name"
done
