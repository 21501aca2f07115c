#!/usr/bin/env python3
"""The moves Fairy-Stockfish's screen finds losing that the review did not flag, as the
`unflagged` rows of judged.jsonl, each weighed again by the two other judges.

Joins screen.py's phase-2 output (`--check`: candidates losing --loss (300) cp or more at the
screen's nodes from within +-1500, not Fairy-Stockfish's own first choice, searched again at
1,000,000 nodes) with the review JSONs (review.py): every candidate after the random opening
plies whose review verdict is not mistake or blunder becomes a row, `real` when the deeper
search still finds the loss (`fsf_mover` and `fsf_loss` are that search's). Then komadai and
gpsshogi (others.py) search the positions before and after the move: `k_mover`, `k_loss`,
`g_mover`, `g_loss` in their own centipawns, and `judges`, `both` / `split` / `neither` of the
two finding a loss of --loss or more. One JSON line a row, in judged.jsonl's format.

    python3 tools/judging/unflagged.py cand*.jsonl --reviews reviews --set 19 --part 0/2 \
        > unflagged0.jsonl &                          # and --part 1/2 beside it

About 20 s a candidate on one core (two komadai searches, two of gpsshogi at 5 s).
"""
import argparse
import json
import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
from entries import FLAGGED  # noqa: E402
from others import add_arguments, agreement, judges  # noqa: E402
from screen import PLAYABLE, game_moves  # noqa: E402

NOTE = ("a candidate of a {screen_nodes}-node Fairy-Stockfish screen of every position (loss of "
        "{loss} cp or more from within ±{playable}, not called a mistake, not Fairy-Stockfish's "
        "own first choice), checked again at {check_nodes} nodes, one thread: {real}; the two "
        "other judges (komadai's {network} at {komadai_nodes} nodes and gpsshogi at "
        "{gps_seconds} s, both book off; k_loss, g_loss in their own centipawns): {judges}")
REAL = {True: "a real mistake the review left unflagged",
        False: "not borne out at {check_nodes} nodes"}
JUDGES = {"both": "both lose {loss} or more", "split": "they disagree (unclear)",
          "neither": "neither does"}


def mover(before, after, sign=""):
    return f"{before:{sign}d} -> {after:{sign}d}"


def candidates(paths, reviews, random_plies):
    """(candidate, the review's move) for every candidate the review did not flag, in order."""
    rows = [json.loads(line) for path in paths for line in open(path) if line.strip()]
    rows.sort(key=lambda r: (r["game"], r["ply"]))
    cache = {}
    for r in rows:
        if r["game"] not in cache:
            with open(os.path.join(reviews, r["game"] + ".json")) as f:
                cache[r["game"]] = {m["ply"]: m for m in json.load(f)}
        move = cache[r["game"]][r["ply"]]
        assert move["move"] == r["usi"], (r["game"], r["ply"])
        if r["ply"] > random_plies and move["verdict"] not in FLAGGED:
            yield r, move


def row(r, move, k, g, args):
    """The `unflagged` row: the screen's deeper search, the two judges' (before, after) for
    the mover."""
    real = r["loss_deep"] >= args.loss
    k_loss, g_loss = k[0] - k[1], g[0] - g[1]
    together = agreement(k_loss, g_loss, args.loss)
    numbers = {"screen_nodes": f"{args.screen_nodes:,}", "check_nodes": f"{args.check_nodes:,}",
               "komadai_nodes": f"{args.komadai_nodes:,}", "loss": args.loss,
               "playable": PLAYABLE, "gps_seconds": args.gps_seconds, "network": args.network}
    note = NOTE.format(real=REAL[real].format(**numbers),
                       judges=JUDGES[together].format(**numbers), **numbers)
    return {"role": "unflagged", "set": args.set, "game": r["game"], "ply": r["ply"],
            "move": move["notation"], "usi": r["usi"], "verdict": move["verdict"],
            # The review's own scores for the move, as the player sees them (no second look:
            # an unflagged move is not a mistake the deep pass looked at again).
            "review_scores": f"{json.dumps(move['score_before'])} -> "
                             f"{json.dumps(move['score_after'])}",
            "fsf_mover": mover(r["before_deep"], r["after_deep"], "+"),
            "fsf_loss": r["loss_deep"], "real": real,
            "k_mover": mover(*k), "k_loss": k_loss, "g_mover": mover(*g), "g_loss": g_loss,
            "judges": together, "note": note}


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("candidates", nargs="+", help="screen.py --check's output")
    p.add_argument("--reviews", required=True, help="the folder of review.py's GAME.json")
    p.add_argument("--set", required=True, help="the set's name in judged.jsonl, e.g. 19")
    p.add_argument("--loss", type=int, default=300)
    p.add_argument("--random-plies", type=int, default=8)
    p.add_argument("--screen-nodes", type=int, default=100_000, help="for the note: the screen's")
    p.add_argument("--check-nodes", type=int, default=1_000_000, help="for the note: the check's")
    p.add_argument("--network", default="one network (o12r3b-p128)",
                   help="for the note: komadai-usi's built-in network")
    add_arguments(p)
    args = p.parse_args()
    index, parts = (int(x) for x in args.part.split("/"))
    k_judge, g_judge = judges(args)
    for n, (r, move) in enumerate(candidates(args.candidates, args.reviews, args.random_plies)):
        if n % parts != index:
            continue
        moves = game_moves(os.path.join(args.games_dir, r["game"] + ".usi"))[: r["ply"]]
        # The mover's score before the move, and after it (the opponent's, negated).
        k, g = [(j.score(moves[:-1]), -j.score(moves)) for j in (k_judge, g_judge)]
        print(json.dumps(row(r, move, k, g, args), ensure_ascii=False), flush=True)
    k_judge.quit()
    g_judge.quit()


if __name__ == "__main__":
    main()
