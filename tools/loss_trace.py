#!/usr/bin/env python3
"""Where komadai's games went wrong: its own score along each game it lost in a match.

Reads the per-game log of the match tool (tools/usi_match/ `--log games.jsonl`, komadai as A),
searches every position komadai moved in (from ply 16, its book off) for a fixed number of nodes
and prints one JSON line a lost game with its scores, then a summary: in how many lost games
komadai had once thought itself well ahead, and how fast the score fell.

    python3 tools/loss_trace.py --log games.jsonl --engine target/release/komadai-usi \\
        --nodes 300000 --part 0/2 > t0.jsonl      # and --part 1/2 on the other core

Needs `pip install cshogi`.
"""
import argparse
import json
import sys

from eval_data import replay
from usi_engine import UsiEngine

# A score this far ahead counts as a game komadai thought it was winning.
AHEAD = 400
# The first score this far behind from which it never came back above BEHIND_FOR_GOOD.
FALLEN = -300
BEHIND_FOR_GOOD = -100


def trace(engine, game, nodes):
    """(ply, score, best move, move played) at each of komadai's moves from ply 16."""
    side = 0 if game["a_is_black"] else 1
    engine.send("usinewgame")
    out = []
    for ply, sfen, move in replay(game):
        if ply % 2 == side and ply >= 16:
            score, best = engine.go(f"position sfen {sfen}", f"go nodes {nodes}")
            out.append((ply, score, best, move))
    return out


def summary(lines):
    """How many lost games komadai once led by AHEAD, and where each fell for good."""
    ahead = 0
    for line in lines:
        scores = [(ply, s) for ply, s, _, _ in line["trace"] if s is not None]
        best = max((s for _, s in scores), default=0)
        ahead += best >= AHEAD
        fall = next(
            (
                (ply, s)
                for k, (ply, s) in enumerate(scores)
                if s < FALLEN and all(t < BEHIND_FOR_GOOD for _, t in scores[k:])
            ),
            None,
        )
        print(f"game {line['game']}: best {best}, fell for good at {fall}", file=sys.stderr)
    print(f"{ahead} of {len(lines)} lost games once scored +{AHEAD} or more", file=sys.stderr)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--log", required=True, help="usi_match's --log file, komadai as A")
    parser.add_argument("--engine", default="target/release/komadai-usi")
    parser.add_argument("--nodes", type=int, default=300000)
    parser.add_argument("--part", default="0/1", help="K/N: the games whose number is K mod N")
    args = parser.parse_args()
    part, parts = (int(x) for x in args.part.split("/"))
    with open(args.log) as log:
        games = [json.loads(line) for line in log if line.strip()]
    engine = UsiEngine(
        [args.engine], [("USI_Hash", 64), ("Level", "Max"), ("USI_OwnBook", "false")]
    )
    lines = []
    for game in games:
        if game["score_a"] != 0.0 or game["game"] % parts != part:
            continue
        line = {"game": game["game"], "plies": len(game["moves"]), "trace": trace(engine, game, args.nodes)}
        print(json.dumps(line), flush=True)
        lines.append(line)
    engine.quit()
    summary(lines)


if __name__ == "__main__":
    main()
