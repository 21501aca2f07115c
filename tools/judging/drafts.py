#!/usr/bin/env python3
"""The draft entries (entries.py) printed for the judges to read, one block an entry, in the
order a judge works: the position, the move and the review's words, then Fairy-Stockfish's
lines before the move, after the move played, and after the review's better move.

Blocks are numbered by `no`, so a judge's share is a range of them:

    python3 tools/judging/drafts.py entries.jsonl > drafts.txt
    python3 tools/judging/drafts.py entries.jsonl --no 1-25 > drafts_1-25.txt

The board is cshogi's (CSA: + sente, - gote; P+ / P- the pieces in hand), the lines are USI
moves, each score for the side to move in that position; a mate in N plies is 30000 - N.
"""
import argparse
import json

import cshogi


def score(value):
    return f"{value:+d}"


def lines_text(title, lines):
    out = [title]
    for n, (value, pv) in enumerate(lines, start=1):
        out.append(f"  {n}. {score(value):>7}  {pv}")
    return out


def block(e):
    board = cshogi.Board(e["sfen"])
    mover = "sente (+, black)" if board.turn == cshogi.BLACK else "gote (-, white)"
    played, better = e["fsf_after_played"][0][0], None
    if e["fsf_after_better"]:
        better = e["fsf_after_better"][0][0]
    out = [f"=== no {e['no']}: {e['game']}, ply {e['ply']} ({e['verdict']}) ===",
           f"sfen {e['sfen']}", str(board).rstrip(), f"{mover} to move",
           f"played: {e['move']} ({e['usi']});  review's better move: {e['better']} "
           f"({e['best_usi']})",
           f"review's scores (mover): {e['review_scores']};  kinds: {', '.join(e['kind'])}",
           f"words: {e['sentence']}", ""]
    out += lines_text("Fairy-Stockfish before the move (the mover's scores):", e["fsf_before"])
    out += lines_text(f"after the move played {e['move']} (the opponent's scores):",
                      e["fsf_after_played"])
    out += lines_text(f"after the better move {e['better']} (the opponent's scores):",
                      e["fsf_after_better"])
    if better is not None:
        # The figure the verdict stands or falls by: under 100, "not borne out" (judge.md).
        out.append(f"better move by Fairy-Stockfish: {played - better:+d} cp "
                   f"(after played {score(played)} / after better {score(better)})")
    return "\n".join(out) + "\n"


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("entries", nargs="+", help="entries.py's output (the parts, any order)")
    p.add_argument("--no", help="only these entries, FIRST-LAST (1-based, inclusive)")
    args = p.parse_args()
    low, high = 1, float("inf")
    if args.no:
        first, _, last = args.no.partition("-")
        low, high = int(first), int(last or first)
    entries = sorted((json.loads(line) for path in args.entries for line in open(path)
                      if line.strip()), key=lambda e: e["no"])
    for e in entries:
        if low <= e["no"] <= high:
            print(block(e))


if __name__ == "__main__":
    main()
