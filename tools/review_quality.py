#!/usr/bin/env python3
"""Measures komadai's game review against a stronger reference.

1. Makes games with real mistakes: komadai-usi at Easy against Normal
   (colours alternating, a few random opening plies from --seed).
2. Reviews each game with `komadai review GAME --json`.
3. Has Fairy-Stockfish judge every move with a long fixed-node search: its
   score before the move, minus its score after it (both for the mover).
4. Prints the two figures the issue asks for:
   - of the moves losing >= 800 cp by the reference from a roughly level
     position (|score before| <= 400), the share the review calls a mistake
     or a blunder (target: >= 95%);
   - of the moves the reference itself would play, the share the review
     calls a mistake or a blunder (target: <= 2%);
   and how many moves each figure covers, and the listed misses;
   and the review's mistakes and blunders by what the reference says they
   lost (under 150 cp, 150 to 300, 300 or more): the share it bears out;
   and, for the win-chance curve, the scale K that best predicts the games'
   results from the review's scores, P(win) = 1 / (1 + e^(-cp/K))
   (maximum likelihood over positions within +-3000 cp; few games and
   unequal players make it a rough check, not a fit to rely on).

    pip install cshogi && apt-get install fairy-stockfish
    cargo build --release --bin komadai --bin komadai-usi
    python3 tools/review_quality.py --games 10 --out /tmp/review-quality

Each game's USI line, review JSON and reference scores are kept in --out,
so a second run with the same --out reuses them (delete the files to redo).
"""
import argparse
import json
import math
import os
import random
import subprocess
import sys

import cshogi

from usi_engine import MATE, UsiEngine

def make_game(engines, first, rng, args):
    """Plays one game; returns its USI moves."""
    board = cshogi.Board()
    moves = []
    for _ in range(args.random_plies):
        move = rng.choice(list(board.legal_moves))
        moves.append(cshogi.move_to_usi(move))
        board.push(move)
    for e in engines:
        e.send("usinewgame")
    while len(moves) < args.max_plies:
        if board.is_game_over() or board.is_draw() in (
            cshogi.REPETITION_DRAW,
            cshogi.REPETITION_WIN,
            cshogi.REPETITION_LOSE,
        ):
            break
        engine = engines[(len(moves) + first) % 2]
        _, best = engine.go("position startpos moves " + " ".join(moves), f"go nodes {args.play_nodes}")
        if best in ("resign", "win"):
            break
        move = board.move_from_usi(best)
        if move == 0 or not board.is_legal(move):
            print(f"illegal move {best}", file=sys.stderr)
            break
        moves.append(best)
        board.push(move)
    return moves


def reference_scores(reference, moves, nodes):
    """Fairy-Stockfish's (score, best move) for every position of the game."""
    results = []
    for i in range(len(moves) + 1):
        position = "position startpos moves " + " ".join(moves[:i]) if i else "position startpos"
        board = cshogi.Board()
        for m in moves[:i]:
            board.push_usi(m)
        if board.is_game_over():
            results.append((-MATE, None))
            continue
        score, best = reference.go(position, f"go nodes {nodes}")
        results.append((score if score is not None else 0, best))
    return results


def loser(moves, max_plies):
    """The side (0 Sente, 1 Gote) that lost, or None (a draw or no result)."""
    board = cshogi.Board()
    for m in moves:
        board.push_usi(m)
    if board.is_draw() in (cshogi.REPETITION_DRAW,) or len(moves) >= max_plies:
        return None
    if board.is_draw() == cshogi.REPETITION_LOSE:
        return board.turn
    if board.is_draw() == cshogi.REPETITION_WIN:
        return 1 - board.turn
    # Mated, or the side to move resigned.
    return board.turn


def fit_scale(samples):
    """The K of the logistic curve that best predicts (cp, won) samples."""
    best = None
    for k in range(50, 3001, 25):
        ll = 0.0
        for cp, won in samples:
            p = 1.0 / (1.0 + math.exp(-cp / k))
            p = min(max(p, 1e-9), 1 - 1e-9)
            ll += math.log(p if won else 1 - p)
        if best is None or ll > best[1]:
            best = (k, ll)
    return best[0] if best else None


def cached(path, make):
    if os.path.exists(path):
        with open(path) as f:
            return json.load(f)
    value = make()
    with open(path, "w") as f:
        json.dump(value, f)
    return value


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--random-plies", type=int, default=4)
    parser.add_argument("--max-plies", type=int, default=160)
    parser.add_argument("--play-nodes", type=int, default=200000)
    parser.add_argument("--usi", default="target/release/komadai-usi")
    parser.add_argument("--review", default="target/release/komadai review",
                        help="command that runs `komadai review` (split on spaces)")
    parser.add_argument("--review-args", default="--threads 2")
    parser.add_argument("--reference", default="/usr/games/fairy-stockfish")
    parser.add_argument("--ref-nodes", type=int, default=1000000)
    parser.add_argument("--out", default="review-quality")
    args = parser.parse_args()
    os.makedirs(args.out, exist_ok=True)
    rng = random.Random(args.seed)

    easy = normal = reference = None
    big_losses = big_called = own_moves = own_called = 0
    misses = []
    false_alarms = []
    called_by_loss = {"under 150 cp": 0, "150-300 cp": 0, "300 cp or more": 0}
    samples = []
    for game in range(args.games):
        base = os.path.join(args.out, f"game{game + 1:02}")
        game_rng = random.Random(rng.random())

        def play():
            nonlocal easy, normal
            if easy is None:
                easy = UsiEngine([args.usi], [("Level", "Easy")])
                normal = UsiEngine([args.usi], [("Level", "Normal")])
            return make_game([easy, normal], game % 2, game_rng, args)

        moves = cached(base + ".moves.json", play)
        usi_path = base + ".usi"
        with open(usi_path, "w") as f:
            f.write("position startpos moves " + " ".join(moves) + "\n")

        def review():
            command = args.review.split() + [usi_path, "--json"] + args.review_args.split()
            out = subprocess.run(command, capture_output=True, text=True, check=True)
            return json.loads(out.stdout)

        rows = cached(base + ".review.json", review)

        def judge():
            nonlocal reference
            if reference is None:
                reference = UsiEngine([args.reference], [("Threads", 1), ("USI_Hash", 64), ("Hash", 64)])
            return reference_scores(reference, moves, args.ref_nodes)

        ref = cached(base + ".reference.json", judge)
        lost = loser(moves, args.max_plies)
        for row in rows:
            mover = 0 if row["side"] == "sente" else 1
            if lost is not None and isinstance(row["score_before"], int) and abs(row["score_before"]) <= 3000:
                samples.append((row["score_before"], lost != mover))
            ply = row["ply"]
            before, best = ref[ply - 1]
            after = -ref[ply][0]
            called = row["verdict"] in ("mistake", "blunder")
            if called:
                loss = before - after
                band = "under 150 cp" if loss < 150 else "150-300 cp" if loss < 300 else "300 cp or more"
                called_by_loss[band] += 1
            if abs(before) <= 400 and before - after >= 800:
                big_losses += 1
                big_called += called
                if not called:
                    misses.append((game + 1, ply, row["move"], before, after, row["verdict"]))
            if best == row["move"]:
                own_moves += 1
                own_called += called
                if called:
                    false_alarms.append((game + 1, ply, row["move"], row["verdict"], row["score_before"], row["score_after"]))
        print(f"game {game + 1}: {len(moves)} plies", file=sys.stderr)
    for e in (easy, normal, reference):
        if e is not None:
            e.quit()

    def share(n, d):
        return f"{n}/{d} = {100.0 * n / d:.1f}%" if d else "no moves"

    print(f"moves losing >= 800 cp from a level position: called mistake/blunder {share(big_called, big_losses)}")
    for miss in misses:
        print("  missed: game %d ply %d %s reference %+d -> %+d, review %s" % miss)
    print(f"moves the reference would play: called mistake/blunder {share(own_called, own_moves)}")
    for alarm in false_alarms:
        print("  false alarm: game %d ply %d %s %s (review %s -> %s)" % alarm)
    bands = ", ".join(f"{band}: {n}" for band, n in called_by_loss.items())
    print(f"the review's mistakes and blunders by the reference's loss: {bands}")
    print(f"win-chance scale fitted to the results: K = {fit_scale(samples)} cp over {len(samples)} positions")


if __name__ == "__main__":
    main()
