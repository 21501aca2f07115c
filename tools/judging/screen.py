#!/usr/bin/env python3
"""Every position of a set of games scored by Fairy-Stockfish: the screen that finds the real
mistakes a review left unflagged (docs/review-quality.md, "How the words are judged").

Phase 1 (default) searches each position of each game (`position startpos moves ...` files)
at --nodes and prints one JSON line a move: game, ply, the move played (USI), Fairy-Stockfish's
first choice, its score for the mover before the move and the mover's score after it (both from
searches of their own positions), and the loss between them.

Phase 2 (`--check SCREEN`) takes the moves of a phase-1 output that lose at least --loss from
within +-PLAYABLE (the mover's score before) and are not Fairy-Stockfish's own first choice,
searches both positions again at --check-nodes, and prints them with the new scores.

    python3 tools/judging/screen.py --part 0/2 GAMES... > screen0.jsonl   # and 1/2 beside it
    python3 tools/judging/screen.py --check screen.jsonl --part 0/2 > cand0.jsonl

Needs `pip install cshogi` and Fairy-Stockfish (`apt-get install fairy-stockfish`).
"""
import argparse
import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))
from usi_engine import MATE, UsiEngine  # noqa: E402

FSF = os.environ.get("FAIRY_STOCKFISH", "/usr/games/fairy-stockfish")
PLAYABLE = 1500


def engine():
    return UsiEngine([FSF], [("Threads", "1"), ("Hash", "64"), ("Contempt", "0")])


def game_moves(path):
    words = open(path).read().split()
    return words[words.index("moves") + 1 :] if "moves" in words else []


def position(moves):
    return "position startpos moves " + " ".join(moves) if moves else "position startpos"


def score_of(fsf, moves, nodes):
    """(the side to move's score, its first choice) at `moves`; a position with no move
    (mated) scores -MATE."""
    score, best = fsf.go(position(moves), f"go nodes {nodes}")
    if best in ("resign", "(none)", "win"):
        return -MATE, best
    return (score if score is not None else 0), best


def screen(paths, nodes, part):
    fsf = engine()
    index, parts = part
    for n, path in enumerate(paths):
        if n % parts != index:
            continue
        game = os.path.splitext(os.path.basename(path))[0]
        moves = game_moves(path)
        before, best = score_of(fsf, [], nodes)
        for ply, move in enumerate(moves):
            after, next_best = score_of(fsf, moves[: ply + 1], nodes)
            print(json.dumps({
                "game": game, "ply": ply + 1, "usi": move, "fsf_best": best,
                "before": before, "after": -after, "loss": before + after,
            }), flush=True)
            before, best = after, next_best
    fsf.quit()


def check(screen_path, nodes, part, loss, path_of):
    fsf = engine()
    index, parts = part
    rows = [json.loads(line) for line in open(screen_path) if line.strip()]
    wanted = [r for r in rows if r["loss"] >= loss and abs(r["before"]) <= PLAYABLE
              and r["usi"] != r["fsf_best"]]
    for n, r in enumerate(wanted):
        if n % parts != index:
            continue
        moves = game_moves(path_of(r["game"]))
        before, best = score_of(fsf, moves[: r["ply"] - 1], nodes)
        after, _ = score_of(fsf, moves[: r["ply"]], nodes)
        r.update({"before_deep": before, "after_deep": -after, "loss_deep": before + after,
                  "fsf_best_deep": best})
        print(json.dumps(r), flush=True)
    fsf.quit()


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("games", nargs="*")
    p.add_argument("--nodes", type=int, default=100_000)
    p.add_argument("--check", metavar="SCREEN")
    p.add_argument("--check-nodes", type=int, default=1_000_000)
    p.add_argument("--loss", type=int, default=300)
    p.add_argument("--games-dir", default="tests/data/review/held_out")
    p.add_argument("--part", default="0/1")
    args = p.parse_args()
    part = tuple(int(x) for x in args.part.split("/"))
    if args.check:
        check(args.check, args.check_nodes, part, args.loss,
              lambda game: os.path.join(args.games_dir, game + ".usi"))
    else:
        screen(args.games, args.nodes, part)


if __name__ == "__main__":
    main()
