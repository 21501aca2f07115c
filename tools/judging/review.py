#!/usr/bin/env python3
"""Every game of a set reviewed as the player sees it: `review_cli GAME --json` (the fast pass,
then the deep pass that finds and checks each mistake's words again), one JSON file a game.

The judges read the deep pass's words, so this is the review that is judged; its JSON (one
object a move: verdict, scores, `best`, `explanation`; see src/review/cli.rs) is what
entries.py and unflagged.py read. A game whose JSON is already in OUT is skipped, so a part
that was stopped can be started again.

    python3 tools/judging/review.py --out reviews --part 0/2 tests/data/review/held_out/X_*.usi &
    python3 tools/judging/review.py --out reviews --part 1/2 tests/data/review/held_out/X_*.usi

One thread a game (`--threads 1`): the parts are the parallelism, and one thread keeps the
review the same from run to run. About a minute a game on one core.
"""
import argparse
import os
import subprocess
import sys
import time

REVIEW_CLI = os.environ.get("REVIEW_CLI", "target/release/examples/review_cli")


def game_name(path):
    return os.path.splitext(os.path.basename(path))[0]


def review(path, out, review_cli):
    target = os.path.join(out, game_name(path) + ".json")
    if os.path.exists(target):
        return "kept"
    start = time.time()
    done = subprocess.run([review_cli, path, "--json", "--threads", "1"],
                          capture_output=True, text=True)
    if done.returncode != 0:
        print(f"review.py: {path}: {done.stderr.strip()}", file=sys.stderr)
        return "failed"
    # Written under another name first: a stopped run never leaves half a JSON to be kept.
    with open(target + ".part", "w") as f:
        f.write(done.stdout)
    os.replace(target + ".part", target)
    return f"{time.time() - start:.0f} s"


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("games", nargs="+", help="game files (`position startpos moves ...`)")
    p.add_argument("--out", required=True, help="folder for GAME.json")
    p.add_argument("--review-cli", default=REVIEW_CLI,
                   help="the review binary (cargo build --release --no-default-features "
                        "--example review_cli); default $REVIEW_CLI or %(default)s")
    p.add_argument("--part", default="0/1", help="i/n: this part of n, the games whose index is i modulo n")
    args = p.parse_args()
    index, parts = (int(x) for x in args.part.split("/"))
    os.makedirs(args.out, exist_ok=True)
    failed = 0
    for n, path in enumerate(args.games):
        if n % parts != index:
            continue
        result = review(path, args.out, args.review_cli)
        failed += result == "failed"
        print(f"{game_name(path)}: {result}", file=sys.stderr, flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
