"""How well evaluations foretell the results of real games.

Takes finished games (the JSON lines `usi_match --log` writes), keeps every other position from
ply 24 on (side to move not in check, not in the last four plies), labels each with the game's
result for the side to move, and asks an engine for a depth-1 score of each (its quiescence
search included) under each evaluation named. For each evaluation it prints the cross-entropy
of the win chance sigmoid(cp / K) against the results, at K = 400 and at the K that fits best,
and, against the first evaluation named, the difference of that best fit with a 95% interval
from resampling whole games. Lower is better: the evaluation whose scores better say who wins.

    python3 tools/outcome_loss.py --engine target/release/komadai-usi \
        net1=builtin linear=linear cand=path/to/net.knn --games tools/data/matches/gpsshogi/*.jsonl
"""

import argparse
import json
import math
import random
import sys

import cshogi

from review_quality import fit_scale
from usi_engine import UsiEngine

FIRST_PLY = 24
SCORE_CLAMP = 3000


def games(paths):
    """(start SFEN, USI moves, winner 0 black / 1 white) of every decided game."""
    found = []
    for path in paths:
        with open(path) as lines:
            for line in lines:
                game = json.loads(line)
                if game.get("winner") in ("black", "white"):
                    winner = 0 if game["winner"] == "black" else 1
                    found.append((game["start_sfen"], game["moves"], winner))
    return found


def positions(found):
    """(game index, SFEN, 1.0 if the side to move won else 0.0)."""
    out = []
    for index, (sfen, moves, winner) in enumerate(found):
        board = cshogi.Board(sfen)
        for ply, mv in enumerate(moves):
            if ply >= FIRST_PLY and ply % 2 == 0 and ply < len(moves) - 4 and not board.is_check():
                out.append((index, board.sfen(), 1.0 if board.turn == winner else 0.0))
            board.push_usi(mv)
    return out


def scores(engine, evalfile, todo):
    usi = UsiEngine([engine], [("EvalFile", evalfile), ("USI_OwnBook", "false")])
    try:
        out = []
        for _, sfen, _ in todo:
            score, _ = usi.go(f"position sfen {sfen}", "go depth 1")
            out.append(max(-SCORE_CLAMP, min(SCORE_CLAMP, score or 0)))
        return out
    finally:
        usi.quit()


def cross_entropy(score, result, k):
    chance = min(max(1 / (1 + math.exp(-score / k)), 1e-6), 1 - 1e-6)
    return -(result * math.log(chance) + (1 - result) * math.log(1 - chance))


def per_game(values, todo, k):
    sums = {}
    for score, (game, _, result) in zip(values, todo):
        total, count = sums.get(game, (0.0, 0))
        sums[game] = (total + cross_entropy(score, result, k), count + 1)
    return sums


def best_k(values, todo):
    return fit_scale([(score, result == 1.0) for score, (_, _, result) in zip(values, todo)])


def interval(mine, base, draws=1000, seed=1):
    """Mean difference per position and its 95% interval, games resampled."""
    keys = sorted(base)
    rng = random.Random(seed)

    def diff(sample):
        return sum(mine[g][0] - base[g][0] for g in sample) / sum(base[g][1] for g in sample)

    spread = sorted(diff([rng.choice(keys) for _ in keys]) for _ in range(draws))
    return diff(keys), spread[int(draws * 0.025)], spread[int(draws * 0.975)]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[1])
    parser.add_argument("--engine", required=True)
    parser.add_argument("evals", nargs="+", help="NAME=EVALFILE (builtin, linear or a path)")
    parser.add_argument("--games", nargs="+", required=True)
    args = parser.parse_args()
    named = [e.split("=", 1) for e in args.evals]
    if any(len(pair) != 2 for pair in named):
        sys.exit("outcome_loss: each evaluation is NAME=EVALFILE")
    try:
        found = games(args.games)
    except (OSError, ValueError, KeyError) as err:
        sys.exit(f"outcome_loss: cannot read the games: {err}")
    todo = positions(found)
    print(f"{len(found)} games, {len(todo)} positions", flush=True)
    base = None
    for name, evalfile in named:
        values = scores(args.engine, evalfile, todo)
        k = best_k(values, todo)
        fit = per_game(values, todo, k)
        at400 = sum(t for t, _ in per_game(values, todo, 400).values()) / len(todo)
        line = f"{name}: {at400:.4f} at K 400, {sum(t for t, _ in fit.values()) / len(todo):.4f} at K {k}"
        if base is None:
            base = fit
        else:
            mean, low, high = interval(fit, base)
            line += f"; against {named[0][0]} {mean:+.4f} [{low:+.4f}, {high:+.4f}]"
        print(line, flush=True)


if __name__ == "__main__":
    main()
