#!/usr/bin/env python3
"""Packs the evaluation tuner's training data compactly, and unpacks it again.

The tuner (examples/tune_eval.rs) reads lines of `<sfen>\t<score>\t<bestmove>`, one per
position, the positions of one game in order (tools/eval_data.py writes them). Consecutive
positions of a game differ by one move, so a game packs as its first position and, for each
position, the best move and the score, plus the move actually played to reach the next one
(usually the best, sometimes a random move): about 6 bytes a position before compression,
against some 90 for the text.

    python3 tools/eval_pack.py pack data/*.tsv > data/eval/NAME.kpk.xz
    python3 tools/eval_pack.py unpack data/eval/NAME.kpk.xz > NAME.tsv

`unpack` writes the lines exactly as they were packed (a test in tools/eval_pack_test.py
checks the round trip). Needs `pip install cshogi`.

Format (all little-endian, the whole stream xz-compressed):
    magic b"KPK1"
    per game: u16 length of the first SFEN, the SFEN (ASCII), u32 number of positions n,
              then n records of (u16 best move, i16 score, u16 played move), the moves as
              cshogi's 16-bit move codes; the last position's played move is 0, and so is
              the best move where the teacher resigned.
"""
import lzma
import struct
import sys

import cshogi

MAGIC = b"KPK1"
RECORD = struct.Struct("<HhH")
# The best move of a position its teacher resigned in (a relabelled game goes on past it).
NO_MOVE = 0


def read_lines(paths):
    """(sfen, score, best move) for every well-formed line of the files."""
    for path in paths:
        with open(path) as f:
            for line in f:
                fields = line.rstrip("\n").split("\t")
                if len(fields) == 3:
                    yield fields[0], int(fields[1]), fields[2]


def played_move(board, next_sfen):
    """The legal move from `board` to the position `next_sfen` (move numbers aside), or
    None if there is none: the next line starts another game."""
    target = next_sfen.rsplit(" ", 1)[0]
    for move in board.legal_moves:
        board.push(move)
        reached = board.sfen().rsplit(" ", 1)[0]
        board.pop()
        if reached == target:
            return move
    return None


def games(lines):
    """The lines split into games: lists of (sfen, score, best, played move16)."""
    game, board = [], cshogi.Board()
    for sfen, score, best in lines:
        if game:
            prev_sfen, _, _, _ = game[-1]
            board.set_sfen(prev_sfen)
            ply = int(prev_sfen.rsplit(" ", 1)[1])
            move = played_move(board, sfen) if int(sfen.rsplit(" ", 1)[1]) == ply + 1 else None
            if move is None:
                yield game
                game = []
            else:
                game[-1] = game[-1][:3] + (cshogi.move16(move),)
        board.set_sfen(sfen)
        best16 = NO_MOVE if best == "resign" else cshogi.move16(board.move_from_usi(best))
        game.append((sfen, score, best16, 0))
    if game:
        yield game


def pack(paths, out):
    out.write(MAGIC)
    for game in games(read_lines(paths)):
        first = game[0][0].encode("ascii")
        out.write(struct.pack("<H", len(first)) + first + struct.pack("<I", len(game)))
        for _, score, best, played in game:
            out.write(RECORD.pack(best, max(-32768, min(32767, score)), played))


def unpack(stream, out):
    if stream.read(4) != MAGIC:
        raise SystemExit("not a packed evaluation data file")
    board = cshogi.Board()
    while header := stream.read(2):
        (length,) = struct.unpack("<H", header)
        board.set_sfen(stream.read(length).decode("ascii"))
        (count,) = struct.unpack("<I", stream.read(4))
        for _ in range(count):
            best, score, played = RECORD.unpack(stream.read(RECORD.size))
            best_usi = "resign" if best == NO_MOVE else cshogi.move_to_usi(board.move_from_move16(best))
            out.write(f"{board.sfen()}\t{score}\t{best_usi}\n")
            if played:
                board.push(board.move_from_move16(played))


def main():
    if len(sys.argv) >= 3 and sys.argv[1] == "pack":
        with lzma.open(sys.stdout.buffer, "wb", preset=9) as out:
            pack(sys.argv[2:], out)
    elif len(sys.argv) == 3 and sys.argv[1] == "unpack":
        with lzma.open(sys.argv[2], "rb") as stream:
            unpack(stream, sys.stdout)
    else:
        raise SystemExit("usage: eval_pack.py pack FILE.tsv... > OUT.kpk.xz | unpack FILE.kpk.xz")


if __name__ == "__main__":
    main()
