#!/usr/bin/env python3
"""Makes tests/data/perft.txt: perft counts from an independent move
generator (cshogi, `pip install cshogi`) for hand-made rule positions and
positions reached by seeded random play. Run from the crate root:

    python3 tools/perft_reference.py > tests/data/perft.txt
"""
import random
import cshogi

HAND_MADE = [
    # (name, sfen, max depth)
    ("startpos", "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1", 4),
    ("most_legal_moves", "R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1", 2),
    ("issue_middle_game", "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1", 3),
    ("uchifuzume_excluded", "7nk/9/7G1/9/9/9/9/9/4K4 b P 1", 3),
    ("pawn_drop_check_king_escapes", "7nk/9/6G2/9/9/9/9/9/4K4 b P 1", 3),
    ("nifu_and_tokin", "4k4/9/9/9/9/6+P2/4P4/9/4K4 b P 1", 3),
    ("check_blocked_by_drops", "k3r4/9/9/9/9/9/9/9/4K4 b GSNLP 1", 3),
    ("kings_on_one_file_with_drops", "4r4/9/9/9/4k4/9/9/9/4K4 b GSNLP 1", 3),
    ("double_check", "4k4/9/9/9/9/9/3n5/9/r3K4 b G 1", 3),
    ("pinned_pieces", "4r3k/9/9/9/b8/9/4S4/3G5/4K4 b - 1", 3),
    ("promotions_everywhere", "4k4/1R5B1/P1P1P1P1P/9/9/9/9/9/4K4 b LN 1", 3),
    ("gote_drops_and_promotions", "4k4/9/9/9/9/9/p1p1p1p1p/1b5r1/4K4 w ln 1", 3),
    ("knight_drop_ranks", "9/9/9/4k4/9/9/9/9/K8 b N 1", 3),
    ("kings_facing", "9/9/9/4k4/9/4K4/9/9/9 b - 1", 4),
]

def perft(board, depth):
    if depth == 1:
        return len(list(board.legal_moves))
    total = 0
    for move in board.legal_moves:
        board.push(move)
        total += perft(board, depth - 1)
        board.pop()
    return total

def random_positions(count, seed):
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        board = cshogi.Board()
        plies = rng.randint(10, 160)
        for _ in range(plies):
            moves = list(board.legal_moves)
            if not moves:
                break
            board.push(rng.choice(moves))
        if list(board.legal_moves):
            found.append(board.sfen())
    return found

def main():
    print("# name ; sfen ; depth ; nodes -- made by tools/perft_reference.py (cshogi)")
    for name, sfen, max_depth in HAND_MADE:
        board = cshogi.Board(sfen)
        for depth in range(1, max_depth + 1):
            print(f"{name} ; {sfen} ; {depth} ; {perft(board, depth)}")
    for i, sfen in enumerate(random_positions(150, 2026)):
        board = cshogi.Board(sfen)
        print(f"random_{i} ; {sfen} ; 2 ; {perft(board, 2)}")

if __name__ == "__main__":
    main()
