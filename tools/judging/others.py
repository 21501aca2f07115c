#!/usr/bin/env python3
"""The two other judges of a verdict Fairy-Stockfish puts in doubt: komadai's own engine
(komadai-usi, its built-in network, 1,000,000 nodes, book off) and gpsshogi (5 s, book off),
each in its own centipawns.

As a script, for the draft entries (entries.py) whose better move Fairy-Stockfish finds under
--under (150) cp better than the move played by its searches after the two moves: both judges
search the position after the move played and after the better move, and it prints one JSON
line an entry, {no, k_diff, g_diff, judges}: the opponent's score after the move played minus
after the better move, and `both` / `split` / `neither` of the two finding 100 cp or more
(docs/review-quality.md, "By hand, with Fairy-Stockfish"). rows.py puts them on the rows.

    python3 tools/judging/others.py entries.jsonl --part 0/2 > others0.jsonl &
    python3 tools/judging/others.py entries.jsonl --part 1/2 > others1.jsonl

unflagged.py uses the same judges on the moves the review left unflagged. Two searches a judge
and an entry: about 20 s an entry on one core. gpsshogi: `apt-get install gpsshogi`, driven
through /work/shared/tools/gpsusi.sh (or $GPSUSI), which gives each process its own settings.
"""
import argparse
import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))
sys.path.insert(0, os.path.dirname(__file__))
from screen import game_moves, position  # noqa: E402
from usi_engine import MATE, UsiEngine  # noqa: E402

KOMADAI = os.environ.get("KOMADAI_USI", "target/release/komadai-usi")
GPSUSI = os.environ.get("GPSUSI", "/work/shared/tools/gpsusi.sh")


def komadai(path=KOMADAI):
    # Its book would answer the early positions without a search.
    return UsiEngine([path], [("USI_OwnBook", "false"), ("Threads", "1")])


def gpsshogi(path=GPSUSI):
    # BookDepth 0: no book move; gpsusi.sh already gives it one thread.
    return UsiEngine([path], [("BookDepth", "0")])


class Judge:
    """An engine and how it is asked: komadai by nodes, gpsshogi by time (whole seconds, the
    only limit gpsusi honours)."""

    def __init__(self, engine, go):
        self.engine, self.go = engine, go

    def score(self, moves):
        """The side to move's score at `moves` (from the start position); mated, -MATE. An
        engine that moves without a score (one legal move) scores 0, as screen.py does."""
        score, best = self.engine.go(position(moves), self.go)
        if best in ("resign", "(none)", "win"):
            return -MATE
        return score if score is not None else 0

    def quit(self):
        self.engine.quit()


def judges(args):
    """The two judges the arguments ask for."""
    return [Judge(komadai(args.komadai), f"go nodes {args.komadai_nodes}"),
            Judge(gpsshogi(args.gpsusi),
                  f"go btime 0 wtime 0 byoyomi {args.gps_seconds * 1000}")]


def agreement(k, g, threshold):
    found = (k >= threshold) + (g >= threshold)
    return ["neither", "split", "both"][found]


def add_arguments(p):
    p.add_argument("--komadai", default=KOMADAI,
                   help="komadai-usi (default $KOMADAI_USI or %(default)s)")
    p.add_argument("--komadai-nodes", type=int, default=1_000_000)
    p.add_argument("--gpsusi", default=GPSUSI, help="gpsshogi's USI wrapper (default $GPSUSI)")
    p.add_argument("--gps-seconds", type=int, default=5)
    p.add_argument("--games-dir", default="tests/data/review/held_out")
    p.add_argument("--part", default="0/1", help="i/n: the rows whose index is i modulo n")


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("entries", nargs="+", help="entries.py's output")
    p.add_argument("--under", type=int, default=150,
                   help="judge the entries Fairy-Stockfish puts under this many cp")
    add_arguments(p)
    args = p.parse_args()
    index, parts = (int(x) for x in args.part.split("/"))
    rows = sorted((json.loads(line) for path in args.entries for line in open(path)
                   if line.strip()), key=lambda e: e["no"])
    doubted = [e for e in rows if e["fsf_after_better"]
               and e["fsf_after_played"][0][0] - e["fsf_after_better"][0][0] < args.under]
    k, g = judges(args)
    for n, e in enumerate(doubted):
        if n % parts != index:
            continue
        before = game_moves(os.path.join(args.games_dir, e["game"] + ".usi"))[: e["ply"] - 1]
        diffs = [j.score(before + [e["usi"]]) - j.score(before + [e["best_usi"]]) for j in (k, g)]
        print(json.dumps({"no": e["no"], "k_diff": diffs[0], "g_diff": diffs[1],
                          "judges": agreement(*diffs, 100)}), flush=True)
    k.quit()
    g.quit()


if __name__ == "__main__":
    main()
