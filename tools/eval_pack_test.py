#!/usr/bin/env python3
"""Round trip of tools/eval_pack.py: `python3 tools/eval_pack_test.py` (needs cshogi)."""
import io
import os
import random
import tempfile
import unittest

import cshogi

import eval_pack


def random_games(count, plies, seed):
    """Lines as tools/eval_data.py writes them: a best move that is sometimes not the move
    played, games that end at any ply, a game starting where the last one ended."""
    rng = random.Random(seed)
    lines = []
    for _ in range(count):
        board = cshogi.Board()
        for _ in range(rng.randint(1, plies)):
            moves = list(board.legal_moves)
            if not moves:
                break
            best, played = rng.choice(moves), rng.choice(moves)
            score = rng.randint(-40000, 40000)
            # A relabelling teacher may resign where the game went on.
            best_usi = "resign" if rng.random() < 0.05 else cshogi.move_to_usi(best)
            lines.append(f"{board.sfen()}\t{score}\t{best_usi}\n")
            board.push(played)
    return lines


class RoundTrip(unittest.TestCase):
    def test_unpacking_gives_back_every_line(self):
        lines = random_games(12, 60, seed=1)
        with tempfile.NamedTemporaryFile("w", suffix=".tsv", delete=False) as f:
            f.writelines(lines)
        packed = io.BytesIO()
        try:
            eval_pack.pack([f.name], packed)
        finally:
            os.unlink(f.name)
        packed.seek(0)
        out = io.StringIO()
        eval_pack.unpack(packed, out)
        expected = []
        for line in lines:  # scores beyond 16 bits are clamped
            sfen, score, best = line.rstrip("\n").split("\t")
            expected.append(f"{sfen}\t{max(-32768, min(32767, int(score)))}\t{best}\n")
        self.assertEqual(out.getvalue().splitlines(True), expected)
        self.assertLess(len(packed.getvalue()), 7 * len(lines) + 120 * 12)

    def test_a_file_that_is_not_packed_data_is_refused(self):
        with self.assertRaises(SystemExit):
            eval_pack.unpack(io.BytesIO(b"nope"), io.StringIO())


if __name__ == "__main__":
    unittest.main()
