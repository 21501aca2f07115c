#!/usr/bin/env python3
"""Makes training positions for the evaluation tuner (examples/tune_eval.rs).

Plays Fairy-Stockfish against itself at a fixed node count from random
openings (with an occasional random move, so the games wander into the odd
positions our own engine meets) and writes one line per position:

    <sfen>\t<score>\t<bestmove>

where <score> is Fairy-Stockfish's search score for the side to move in
centipawns (mate scores are written as +-30000). The score is a label for
fitting our static evaluation; no code of Fairy-Stockfish is used.

    python3 tools/eval_data.py --games 2000 --nodes 3000 --seed 1 > data.tsv

Needs `pip install cshogi` and `apt-get install fairy-stockfish`.
"""
import argparse
import random
import sys

import cshogi

from usi_engine import UsiEngine


class Engine(UsiEngine):
    def __init__(self, path, options):
        super().__init__([path], options)

    def think(self, sfen, nodes):
        """(score for the side to move, best move) after a fixed-node search."""
        return self.go(f"position sfen {sfen}", f"go nodes {nodes}")


def play_game(engine, rng, args, out):
    board = cshogi.Board()
    opening = rng.randint(args.min_random, args.max_random)
    for _ in range(opening):
        moves = list(board.legal_moves)
        if not moves or board.is_game_over():
            return
        board.push(rng.choice(moves))
    for _ in range(args.max_plies):
        if board.is_game_over() or board.is_draw() == cshogi.REPETITION_DRAW:
            return
        sfen = board.sfen()
        score, best = engine.think(sfen, args.nodes)
        if best in ("resign", "win") or score is None:
            return
        out.write(f"{sfen}\t{score}\t{best}\n")
        if abs(score) >= 3000:
            return
        if rng.random() < args.random_move:
            move = rng.choice(list(board.legal_moves))
        else:
            move = board.move_from_usi(best)
        board.push(move)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--engine", default="/usr/games/fairy-stockfish")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--nodes", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--min-random", type=int, default=4)
    parser.add_argument("--max-random", type=int, default=16)
    parser.add_argument("--random-move", type=float, default=0.05)
    parser.add_argument("--max-plies", type=int, default=300)
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a USI option for the engine (repeatable); the default options are "
        "Fairy-Stockfish's: Threads=1 Hash=16",
    )
    args = parser.parse_args()
    rng = random.Random(args.seed)
    options = [tuple(o.split("=", 1)) for o in args.option] or [("Threads", 1), ("Hash", 16)]
    engine = Engine(args.engine, options)
    for game in range(args.games):
        engine.send("usinewgame")
        play_game(engine, rng, args, sys.stdout)
        sys.stdout.flush()
        print(f"game {game + 1} done", file=sys.stderr)


if __name__ == "__main__":
    main()
