"""Checks that every mate problem of a set is stated at its shortest mate, with cshogi's
solvers (a second opinion, independent of komadai's own):

    pip install cshogi
    python3 tools/check_problems.py [assets/tsume.txt]

For each `SFEN | plies` line the mate's shortest length is looked for by cshogi's
fixed-depth mate search (`Board.mate_move`, every check against every reply), one odd
length after another up to the stated one. A problem whose shortest mate is shorter than
stated (早詰), or that has no mate within its stated length, is printed with what was
found (FILE:LINE: problem N, N counting the problems from 1 as the app and
`cargo run --example tsume -- --check` do); the exit status is 1 if any was. `--all`
prints every problem's line. The whole built-in set takes about two minutes.
"""

import sys
import time

import cshogi


def shortest_mate(board, limit):
    """The shortest mate of at most `limit` plies: (plies, first move as USI), or None."""
    move = board.mate_move_in_1ply()
    if move:
        return 1, cshogi.move_to_usi(move)
    for plies in range(3, limit + 1, 2):
        move = board.mate_move(plies)
        if move:
            return plies, cshogi.move_to_usi(move)
    return None


def main(argv):
    show_all = "--all" in argv
    paths = [arg for arg in argv if arg != "--all"] or ["assets/tsume.txt"]
    flawed = 0
    count = 0
    started = time.time()
    for path in paths:
        with open(path, encoding="utf-8") as file:
            lines = [
                (at, line)
                for at, line in enumerate(file, 1)
                if line.strip() and not line.startswith("#")
            ]
        for number, (at, line) in enumerate(lines, 1):
            sfen, _, stated = line.partition("|")
            stated = int(stated.split()[0])
            board = cshogi.Board(sfen.strip())
            found = shortest_mate(board, stated)
            count += 1
            if found is None:
                flawed += 1
                print(f"{path}:{at}: problem {number}: stated {stated}, no mate within it")
            elif found[0] != stated:
                flawed += 1
                print(f"{path}:{at}: problem {number}: stated {stated}, mates in {found[0]} by {found[1]}")
            elif show_all:
                print(f"{path}:{at}: problem {number}: mate in {stated} by {found[1]}")
    print(f"{count} problems, {flawed} flawed ({time.time() - started:.1f} s)")
    return 1 if flawed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
