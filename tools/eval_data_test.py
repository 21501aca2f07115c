#!/usr/bin/env python3
"""Reading match logs for relabelling (tools/eval_data.py): `python3 tools/eval_data_test.py`
(needs cshogi)."""
import json
import os
import tempfile
import unittest

import cshogi

import eval_data

START = cshogi.Board().sfen()


def game(opening, rest):
    """A match log line (as tools/usi_match/ --log writes it)."""
    return {"start_sfen": START, "opening_moves": opening, "moves": opening + rest}


def sfens_after(moves):
    """The SFEN of each position along `moves`, before each move."""
    board = cshogi.Board()
    out = []
    for move in moves:
        out.append(board.sfen())
        board.push_usi(move)
    return out


class MatchPositions(unittest.TestCase):
    def write_log(self, games):
        fd, path = tempfile.mkstemp(suffix=".jsonl")
        with os.fdopen(fd, "w") as log:
            for g in games:
                log.write(json.dumps(g) + "\n")
        self.addCleanup(os.remove, path)
        return path

    def test_positions_after_the_opening_each_once_over_all_logs(self):
        opening = ["7g7f", "3c3d"]
        first = game(opening, ["2g2f", "8c8d", "2f2e"])
        # The same opening, colours swapped, and the same first moves after it: only
        # the position after it turns away (6i7h where the first played 2f2e) is new.
        second = game(opening, ["2g2f", "8c8d", "6i7h", "4a3b"])
        logs = [self.write_log([first, second]), self.write_log([first])]
        got = list(eval_data.positions_of(logs))
        along_first = sfens_after(first["moves"])[2:]
        turned_away = sfens_after(second["moves"])[5:]
        self.assertEqual(got, along_first + turned_away)

    def test_data_files_are_read_whole_and_in_order(self):
        fd, path = tempfile.mkstemp(suffix=".tsv")
        sfens = sfens_after(["7g7f", "3c3d", "7f7e"])
        with os.fdopen(fd, "w") as data:
            for sfen in sfens + sfens:
                data.write(f"{sfen}\t0\t7g7f\n")
        self.addCleanup(os.remove, path)
        self.assertEqual(list(eval_data.positions_of([path])), sfens + sfens)


if __name__ == "__main__":
    unittest.main()
