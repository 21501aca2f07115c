#!/usr/bin/env python3
"""Where komadai's lost games turned, by another engine's judgement and by forced mates.

Reads the per-game log of the match tool (tools/usi_match/ `--log games.jsonl`, komadai as A).
For each game komadai lost it prints one JSON line:
- `scores`: at each of komadai's moves from ply 16, (ply, the judge's score, komadai's score),
  both for komadai (the side to move), so a ply where komadai is level or ahead by its own
  account and far behind by the judge's shows a misjudged position;
- with `--mate MS`: `mates`, every position (from ply 8) where komadai's df-pn (`go mate MS`)
  finds a forced mate, as (ply, who mates: "komadai" or "opponent", its length in plies).

    python3 tools/judge_trace.py --log games.jsonl --engine target/release/komadai-usi \\
        --judge "/usr/games/gpsusi" --judge-go "go btime 0 wtime 0 byoyomi 500" \\
        --nodes 300000 --part 0/2 > t0.jsonl      # and --part 1/2 on the other core
    python3 tools/judge_trace.py --log games.jsonl --engine target/release/komadai-usi \\
        --mate 500 --no-judge > mates.jsonl

Needs `pip install cshogi`.
"""
import argparse
import json
import shlex

from eval_data import replay
from usi_engine import UsiEngine


def mate(engine, sfen, ms):
    """The length of a forced mate for the side to move, or None."""
    engine.send(f"position sfen {sfen}")
    engine.send(f"go mate {ms}")
    words = engine.wait("checkmate")[-1].split()
    if len(words) < 2 or words[1] in ("nomate", "timeout", "notimplemented"):
        return None
    return len(words) - 1


def trace(game, komadai, judge, args):
    side = 0 if game["a_is_black"] else 1
    komadai.send("usinewgame")
    if judge:
        judge.send("usinewgame")
    scores, mates = [], []
    for ply, sfen, _ in replay(game):
        ours = ply % 2 == side
        if args.mate and ply >= 8:
            plies = mate(komadai, sfen, args.mate)
            if plies:
                mates.append((ply, "komadai" if ours else "opponent", plies))
        if judge and ours and ply >= 16:
            judged, _ = judge.go(f"position sfen {sfen}", args.judge_go)
            own, _ = komadai.go(f"position sfen {sfen}", f"go nodes {args.nodes}")
            scores.append((ply, judged, own))
    return scores, mates


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--log", required=True, nargs="+")
    parser.add_argument("--engine", required=True, help="komadai-usi")
    parser.add_argument("--judge", help="the judge engine's command (needed unless --no-judge)")
    parser.add_argument("--no-judge", action="store_true")
    parser.add_argument("--judge-go", default="go btime 0 wtime 0 byoyomi 500")
    parser.add_argument("--nodes", type=int, default=300000)
    parser.add_argument("--mate", type=int, default=0, help="ms for each df-pn look (0: none)")
    parser.add_argument("--part", default="0/1")
    args = parser.parse_args()
    if not args.no_judge and not args.judge:
        parser.error("--judge COMMAND is needed (or --no-judge)")
    part, parts = map(int, args.part.split("/"))
    komadai = UsiEngine([args.engine], [("Threads", "1"), ("USI_Hash", "64")])
    judge = None if args.no_judge else UsiEngine(shlex.split(args.judge), [])
    lost = 0
    for path in args.log:
        with open(path) as log:
            for line in log:
                game = json.loads(line)
                if game["score_a"] != 0.0:
                    continue
                lost += 1
                if lost % parts != part:
                    continue
                scores, mates = trace(game, komadai, judge, args)
                print(json.dumps({"log": path, "game": game["game"], "plies": len(game["moves"]),
                                  "scores": scores, "mates": mates}), flush=True)
    komadai.quit()
    if judge:
        judge.quit()


if __name__ == "__main__":
    main()
