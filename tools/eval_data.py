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

With `--relabel FILE` it plays no games: it labels the positions of FILE (lines
as above, games kept whole and in order) with the engine instead, for a second
teacher's view of the same positions. `--go` replaces the `go nodes N` line,
and words after `--` start the engine, for an engine without `go nodes`:

    python3 tools/eval_data.py --relabel data.tsv --go "go btime 0 wtime 0 byoyomi 60000" \
        --option BookDepth=0 -- $GPSUSI --node-count-hard-limit 30000

($GPSUSI: gpsshogi's USI engine started with a settings folder of its own; see the
"Sparring partners" in docs/engine.md.)

A FILE ending in `.jsonl` is read as a match log (`usi_match --log`, tools/usi_match/):
its games' positions after the random opening, each once over all the logs given, so
the positions of komadai's games against another engine can be labelled by a deeper
search:

    python3 tools/eval_data.py --relabel m1.jsonl m2.jsonl --go "go nodes 150000" \
        --option Level=Max -- target/release/komadai-usi

Needs `pip install cshogi` and `apt-get install fairy-stockfish`.
"""
import argparse
import json
import random
import sys

import cshogi

from usi_engine import MATE, UsiEngine


class Engine(UsiEngine):
    def __init__(self, command, options, go):
        super().__init__(command, options)
        self.go_line = go

    def think(self, sfen):
        """(score for the side to move, best move) after a search of the set size."""
        return self.go(f"position sfen {sfen}", self.go_line)


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
        score, best = engine.think(sfen)
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


def data_positions(path):
    """The positions of a data file, in order."""
    with open(path) as lines:
        for line in lines:
            sfen = line.split("\t", 1)[0].strip()
            if sfen:
                yield sfen


def replay(game):
    """(ply, SFEN before the move, the move) along a game of a match log."""
    board = cshogi.Board(game["start_sfen"])
    for ply, move in enumerate(game["moves"]):
        yield ply, board.sfen(), move
        board.push_usi(move)


def match_positions(path, seen):
    """The positions of a match log's games after their opening, those not in `seen`
    (the same openings are played with both colours, and in match after match)."""
    with open(path) as games:
        for line in games:
            game = json.loads(line)
            for ply, sfen, _ in replay(game):
                position = sfen.rsplit(" ", 1)[0]
                if ply >= len(game["opening_moves"]) and position not in seen:
                    seen.add(position)
                    yield sfen


def positions_of(paths):
    """The positions to label, file by file: match logs' (`.jsonl`, each position once
    over all of them) or data files'."""
    seen = set()
    for path in paths:
        if path.endswith(".jsonl"):
            yield from match_positions(path, seen)
        else:
            yield from data_positions(path)


def relabel(engine, paths, out):
    """Labels each position of `paths` again; a new game starts where the move number
    does not count on (as the tuner splits them)."""
    previous = None
    for sfen in positions_of(paths):
        ply = int(sfen.split()[-1])
        if previous is None or ply != previous + 1:
            engine.send("usinewgame")
        previous = ply
        score, best = engine.think(sfen)
        if score is None or best in ("resign", "win"):
            # Kept, so the game stays whole; a mate either way.
            score = -MATE if best == "resign" else MATE if best == "win" else 0
        # Some engines score a won position far beyond a mate's score.
        score = max(-MATE, min(MATE, score))
        out.write(f"{sfen}\t{score}\t{best}\n")
        out.flush()


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
    parser.add_argument(
        "--relabel", nargs="+", metavar="FILE", help="label FILEs' positions, play no games"
    )
    parser.add_argument("--go", help="the go line (default: go nodes N)")
    parser.add_argument("command", nargs="*", help="the engine's command line (after --)")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    options = [tuple(o.split("=", 1)) for o in args.option] or [("Threads", 1), ("Hash", 16)]
    command = args.command or [args.engine]
    engine = Engine(command, options, args.go or f"go nodes {args.nodes}")
    if args.relabel:
        relabel(engine, args.relabel, sys.stdout)
        engine.quit()
        return
    for game in range(args.games):
        engine.send("usinewgame")
        play_game(engine, rng, args, sys.stdout)
        sys.stdout.flush()
        print(f"game {game + 1} done", file=sys.stderr)


if __name__ == "__main__":
    main()
