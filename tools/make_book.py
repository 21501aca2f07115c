#!/usr/bin/env python3
"""Makes komadai's opening book (assets/book.txt) with komadai's own search.

From the start position it searches each book position long (`go nodes N` with
MultiPV), keeps the moves scoring within a margin of the best, and goes on
from each kept move until the book is as deep as asked. Both sides' moves are
the engine's own choices: the book holds the openings komadai itself would
play, searched far deeper than a move in play could be.

    cargo build --release --no-default-features --bin komadai-usi
    python3 tools/make_book.py --engine target/release/komadai-usi > assets/book.txt

The output is a tree, one move a line, indented one space for each ply from
the start, with its score (centipawns, for the side that plays it) and the
replies below it:

    2g2f 41
     8c8d -35
      2f2e 44

A position reached a second time by another order of moves is written (as
its move) but not again below it: the book finds its replies under its first
appearance. Positions are searched a ply at a time, so `--max-positions` cuts
the deepest ply. Needs `pip install cshogi`.
"""
import argparse
import sys

import cshogi

from usi_engine import MATE, UsiEngine


class BookEngine(UsiEngine):
    def candidates(self, sfen, nodes):
        """[(move, score)] of the MultiPV lines of the last search, best first."""
        self.send(f"position sfen {sfen}")
        self.send(f"go nodes {nodes}")
        lines = {}
        for line in self.wait("bestmove"):
            words = line.split()
            if words[:1] != ["info"] or "pv" not in words or "score" not in words:
                continue
            index = int(words[words.index("multipv") + 1]) if "multipv" in words else 1
            at = words.index("score")
            kind, value = words[at + 1], words[at + 2]
            if kind == "cp":
                score = int(value)
            else:
                score = -MATE if value.startswith("-") else MATE
            lines[index] = (words[words.index("pv") + 1], score)
        return sorted(lines.values(), key=lambda line: -line[1])


def position_key(board):
    """The SFEN without its move number: the same position by any move order."""
    return " ".join(board.sfen().split()[:3])


def analyse_all(engine, args):
    """{position key: [(move, score)] kept there}, for the positions the book
    reaches, searched a ply at a time so a cap on their number cuts the
    deepest ply."""
    kept_at = {}
    frontier = [cshogi.Board().sfen()]
    for ply in range(args.plies):
        following = []
        for sfen in frontier:
            board = cshogi.Board(sfen)
            key = position_key(board)
            if key in kept_at or board.is_game_over() or len(kept_at) >= args.max_positions:
                continue
            found = engine.candidates(sfen, args.nodes)
            best = found[0][1] if found else 0
            kept = [(move, score) for move, score in found if score >= best - args.margin]
            kept_at[key] = kept
            print(f"{len(kept_at)} positions; ply {ply}: {kept}", file=sys.stderr, flush=True)
            for move, _ in kept:
                board.push_usi(move)
                following.append(board.sfen())
                board.pop()
        frontier = following
    return kept_at


def write_tree(board, kept_at, ply, written, out):
    """The book below `board` in tree form; a position already written is not again."""
    key = position_key(board)
    if key in written:
        return
    written.add(key)
    for move, score in kept_at.get(key, []):
        out.write(f"{' ' * ply}{move} {score}\n")
        board.push_usi(move)
        write_tree(board, kept_at, ply + 1, written, out)
        board.pop()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--engine", default="target/release/komadai-usi")
    parser.add_argument("--plies", type=int, default=8, help="how deep the book goes")
    parser.add_argument("--nodes", type=int, default=1_500_000, help="search per position")
    parser.add_argument("--lines", type=int, default=3, help="moves looked at per position")
    parser.add_argument("--margin", type=int, default=25, help="centipawns below the best kept")
    parser.add_argument("--max-positions", type=int, default=600)
    parser.add_argument("--option", action="append", default=[], help="NAME=VALUE, for the engine")
    args = parser.parse_args()
    options = [("USI_Hash", "256"), ("MultiPV", str(args.lines))]
    options += [tuple(option.split("=", 1)) for option in args.option]
    engine = BookEngine([args.engine], options)
    out = sys.stdout
    out.write(
        f"# komadai's opening book: tools/make_book.py --plies {args.plies} --nodes {args.nodes} "
        f"--lines {args.lines} --margin {args.margin} --max-positions {args.max_positions}\n"
    )
    out.write("# one move a line, indented a space a ply, with its score for the side that plays it\n")
    try:
        kept_at = analyse_all(engine, args)
    finally:
        engine.quit()
    write_tree(cshogi.Board(), kept_at, 0, set(), out)


if __name__ == "__main__":
    main()
