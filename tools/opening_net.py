#!/usr/bin/env python3
"""How a network judges quiet opening moves, against Fairy-Stockfish, and opening data for it.

A network that scores sound opening moves far below the best makes the review call them
mistakes. Three commands measure and feed that:

    python3 tools/opening_net.py table NET...
        The start position after each of the 30 first moves: each NET's score for the mover
        (komadai-usi with `EvalFile=NET`, book off, `go nodes` --nodes) and Fairy-Stockfish's
        (--ref-nodes), each as its loss against its own best first move, and how far each
        NET's losses are from Fairy-Stockfish's (mean and largest gap).

    python3 tools/opening_net.py flags [--games FILE...] NET...
        The review's fast pass with each NET (`review_audit --review-only --eval NET`) on the
        first --plies + 1 plies of each game: the moves of plies 1..--plies it calls mistakes
        or blunders, and how many of them Fairy-Stockfish says lose under 100 cp (its score
        before the move minus its score after, both for the mover, at --ref-nodes). NET
        `builtin` is the review as built (net 1).

    python3 tools/opening_net.py data --games N --seed S --out FILE.kpk2
        Opening positions labelled by Fairy-Stockfish, as training data for
        `examples/train_nnue.rs` (the self-play format of `src/engine/eval/data.rs`): games
        of --length plies from the start position, Fairy-Stockfish's best move at each
        (--nodes) except the first 0-2 plies and, at --random of the rest, a random legal
        move, so that the positions after odd but playable moves are scored too. Each
        position keeps Fairy-Stockfish's score and best move; the games have no result (a
        draw by the ply limit), so train them at lambda 0. Appends: run again to add more.

    python3 tools/opening_net.py scale TEACHER.kpk2 OWN.kpk2[.xz] [TEACHER OWN ...]
        The teacher's scale against komadai's: each pair is a chunk scored again by a teacher
        (`relabel --plies`) and the chunk it came from. Over the positions both scored (the
        ones whose score the teacher changed, both under 3,000 cp), the slope of komadai's
        scores on the teacher's through zero, the median ratio where the teacher's is past
        300 cp, and each side's mean: the `train_nnue --score-scale` to read the teacher at.

Fairy-Stockfish's scores are cached in --cache (JSON), shared by the commands.

    apt-get install fairy-stockfish && pip install cshogi
    cargo build --release --bin komadai-usi --example review_audit
"""
import argparse
import json
import os
import random
import struct
import subprocess
import sys

import cshogi

from usi_engine import MATE, UsiEngine

FSF = "/usr/games/fairy-stockfish"
TARGET = os.environ.get("CARGO_TARGET_DIR", "target")
DEFAULT_GAMES = [
    f"tests/data/review/held_out/{kind}_{i}.usi"
    for kind, first, last in (("hard_vs_normal", 130, 151), ("normal_vs_easy", 130, 149))
    for i in range(first, last + 1)
]
# A move that loses less than this by Fairy-Stockfish is no mistake.
SOUND = 100
# Drop pieces in the order of komadai's `PieceKind` (Move::to_u16 codes a drop as 81 + kind).
DROP_KINDS = "PLNSBRG"


class Cache:
    """Fairy-Stockfish's (score for the side to move, best move) by position and nodes."""

    def __init__(self, path, nodes):
        self.path, self.nodes, self.engine = path, nodes, None
        self.data, self.unsaved = {}, 0
        if path and os.path.exists(path):
            with open(path) as f:
                self.data = json.load(f)

    def think(self, moves):
        key = f"{self.nodes} {' '.join(moves)}"
        if key not in self.data:
            if self.engine is None:
                self.engine = UsiEngine([FSF], [("Threads", 1), ("Hash", 64)])
            position = "position startpos" + (" moves " + " ".join(moves) if moves else "")
            score, best = self.engine.go(position, f"go nodes {self.nodes}")
            self.data[key] = [score if score is not None else 0, best]
            self.unsaved += 1
            if self.unsaved >= 50:
                self.save()
        return tuple(self.data[key])

    def save(self):
        if self.path and self.unsaved:
            with open(self.path + ".new", "w") as f:
                json.dump(self.data, f)
            os.replace(self.path + ".new", self.path)
        self.unsaved = 0

    def quit(self):
        self.save()
        if self.engine:
            self.engine.quit()


def komadai(net):
    options = [("USI_OwnBook", "false"), ("Threads", 1)]
    if net != "builtin":
        options.append(("EvalFile", os.path.abspath(net)))
    return UsiEngine([f"{TARGET}/release/komadai-usi"], options)


def table(args, cache):
    firsts = sorted(cshogi.move_to_usi(m) for m in cshogi.Board().legal_moves)
    columns = {"Fairy-Stockfish": {m: -cache.think([m])[0] for m in firsts}}
    for net in args.nets:
        engine = komadai(net)
        scores = {}
        for m in firsts:
            score, _ = engine.go(f"position startpos moves {m}", f"go nodes {args.nodes}")
            scores[m] = -(score if score is not None else 0)
        engine.quit()
        columns[os.path.basename(net)] = scores
    losses = {name: {m: max(s.values()) - s[m] for m in firsts} for name, s in columns.items()}
    names = list(columns)
    print("first move | " + " | ".join(f"{n}: score, loss" for n in names))
    print("|".join(["---"] * (len(names) + 1)))
    for m in sorted(firsts, key=lambda m: losses["Fairy-Stockfish"][m]):
        print(f"{m} | " + " | ".join(f"{columns[n][m]:+d}, {losses[n][m]}" for n in names))
    reference = losses["Fairy-Stockfish"]
    for n in names[1:]:
        gaps = [losses[n][m] - reference[m] for m in firsts]
        worst = max(firsts, key=lambda m: abs(losses[n][m] - reference[m]))
        print(f"{n}: loss beyond Fairy-Stockfish's, mean {sum(gaps) / len(gaps):+.0f} cp, "
              f"mean |gap| {sum(map(abs, gaps)) / len(gaps):.0f} cp, largest {worst} "
              f"{losses[n][worst]} against {reference[worst]}; "
              f"first moves it puts {SOUND}+ cp below its best where Fairy-Stockfish does not: "
              f"{sum(losses[n][m] >= SOUND > reference[m] for m in firsts)}")


def read_usi(path):
    words = open(path).read().split()
    return words[words.index("moves") + 1:] if "moves" in words else []


def flags(args, cache):
    games = args.games or DEFAULT_GAMES
    tmp = args.work
    os.makedirs(tmp, exist_ok=True)
    files = []
    for path in games:
        moves = read_usi(path)[: args.plies + 1]
        short = os.path.join(tmp, os.path.basename(path))
        with open(short, "w") as f:
            f.write("position startpos moves " + " ".join(moves) + "\n")
        files.append((short, moves))
    for net in args.nets:
        command = [f"{TARGET}/release/examples/review_audit", "--review-only",
                   "--threads", str(args.threads)]
        if net != "builtin":
            command += ["--eval", net]
        out = subprocess.run(command + [f for f, _ in files], capture_output=True, text=True,
                             check=True).stdout
        flagged, sound, seconds = [], [], 0.0
        by_file = dict(files)
        for line in out.splitlines():
            name, _, rest = line.partition(" ")
            took, _, marks = rest.partition(" s; ")
            seconds += float(took)
            for mark in marks.split():
                ply, move, verdict = mark.split(":")
                ply = int(ply)
                moves = by_file[name]
                if ply > args.plies or moves[ply - 1] != move:
                    continue
                before = cache.think(moves[: ply - 1])[0]
                after = -cache.think(moves[:ply])[0]
                loss = before - after
                flagged.append((os.path.basename(name), ply, move, verdict, loss))
                if loss < SOUND:
                    sound.append(flagged[-1])
        print(f"{net}: {len(flagged)} flagged at plies 1-{args.plies} of {len(files)} games, "
              f"{len(sound)} of them within {SOUND} cp of Fairy-Stockfish's best "
              f"(review {seconds:.0f} s)")
        if args.verbose:
            for game, ply, move, verdict, loss in sound:
                print(f"  {game} {ply}. {move} {verdict}: Fairy-Stockfish {loss} cp")


def move_code(usi):
    """komadai's Move::to_u16 of a USI move."""
    def square(text):
        return (int(text[0]) - 1) * 9 + (ord(text[1]) - ord("a"))
    if usi[1] == "*":
        return square(usi[2:4]) | (81 + DROP_KINDS.index(usi[0])) << 7
    return square(usi[2:4]) | square(usi[0:2]) << 7 | (usi.endswith("+")) << 14


def data(args, cache):
    rng = random.Random(args.seed)
    # Positions already written (an opening's first moves recur from game to game): a
    # game starts at its first new position, so each is trained on once.
    seen = set()
    with open(args.out, "ab") as out:
        for game in range(args.games):
            board = cshogi.Board()
            moves, records, sfens = [], [], []
            leading = rng.randint(0, 2)
            while len(moves) < args.length and not board.is_game_over():
                score, best = cache.think(moves)
                if best in ("resign", "win", None) or abs(score) >= MATE:
                    break
                legal = [cshogi.move_to_usi(m) for m in board.legal_moves]
                if len(moves) < leading or rng.random() < args.random:
                    played = rng.choice(legal)
                else:
                    played = best
                records.append((move_code(best), max(-32767, min(32767, score)),
                                move_code(played)))
                sfens.append(board.sfen())
                moves.append(played)
                board.push_usi(played)
            new = [i for i, sfen in enumerate(sfens) if sfen.rsplit(" ", 1)[0] not in seen]
            if not new:
                continue
            records, sfens = records[new[0]:], sfens[new[0]:]
            seen.update(sfen.rsplit(" ", 1)[0] for sfen in sfens)
            # The last position is where the game stops: no move played from it.
            records[-1] = records[-1][:2] + (0,)
            sfen = sfens[0]
            # The game's number keeps clear of the self-play runs' (their seeds) and of
            # other runs of this command (by --seed).
            number = 900_000_000 + args.seed * 100_000 + game
            blob = b"KG" + struct.pack("<IBH", number, 0, len(sfen)) + sfen.encode()
            blob += bytes([0, 3]) + struct.pack("<H", len(records))
            for best, score, played in records:
                blob += struct.pack("<HhH", best, score, played)
            out.write(blob)
            out.flush()
            print(f"game {game + 1}: {len(records)} new positions", file=sys.stderr)


def read_chunk(path):
    """A chunk file's games (the self-play format): {game number: [(best, score, played)]}."""
    if path.endswith(".xz"):
        blob = subprocess.run(["xz", "-dc", path], capture_output=True, check=True).stdout
    else:
        with open(path, "rb") as f:
            blob = f.read()
    games, i = {}, 0
    while blob[i:i + 2] == b"KG":
        number, _, sfen_len = struct.unpack_from("<IBH", blob, i + 2)
        i += 9 + sfen_len + 2
        (count,) = struct.unpack_from("<H", blob, i)
        i += 2
        if i + 6 * count > len(blob):
            break
        games[number] = [struct.unpack_from("<HhH", blob, i + 6 * k)
                         for k in range(count)]
        i += 6 * count
    return games


def scale(args):
    files = args.nets
    if len(files) % 2:
        sys.exit("scale needs pairs: TEACHER OWN ...")
    pairs = []
    for teacher_path, own_path in zip(files[::2], files[1::2]):
        own = read_chunk(own_path)
        for number, records in read_chunk(teacher_path).items():
            for (_, theirs, _), (_, ours, _) in zip(records, own.get(number, [])):
                if theirs != ours and abs(theirs) < 3000 and abs(ours) < 3000:
                    pairs.append((theirs, ours))
    if not pairs:
        sys.exit("no position scored by both")
    slope = sum(t * o for t, o in pairs) / max(1, sum(t * t for t, _ in pairs))
    far = sorted(o / t for t, o in pairs if abs(t) > 300)
    median = far[len(far) // 2] if far else float("nan")
    print(f"{len(pairs)} positions scored by both: komadai = {slope:.3f} x teacher "
          f"(through zero); median ratio {median:.3f} over the {len(far)} past 300 cp; "
          f"mean teacher {sum(t for t, _ in pairs) / len(pairs):+.0f}, "
          f"komadai {sum(o for _, o in pairs) / len(pairs):+.0f}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("command", choices=["table", "flags", "data", "scale"])
    parser.add_argument("nets", nargs="*", help="network files (.knn) or builtin")
    parser.add_argument("--nodes", type=int, default=100000,
                        help="komadai's nodes a move (table); Fairy-Stockfish's (data)")
    parser.add_argument("--ref-nodes", type=int, default=500000)
    parser.add_argument("--cache", default="opening-net-fsf.json")
    parser.add_argument("--games", nargs="+", help="flags: .usi games; data: how many")
    parser.add_argument("--plies", type=int, default=30)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--work", default="opening-net-games")
    parser.add_argument("--verbose", action="store_true")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--length", type=int, default=32)
    parser.add_argument("--random", type=float, default=0.15)
    parser.add_argument("--out")
    args = parser.parse_args()
    if args.command == "scale":
        scale(args)
        return
    if args.command == "data":
        if not args.out or not args.games or len(args.games) != 1:
            parser.error("data needs --games N and --out FILE")
        args.games = int(args.games[0])
        cache = Cache(args.cache, args.nodes)
        data(args, cache)
    else:
        if not args.nets:
            parser.error(f"{args.command} needs at least one NET")
        cache = Cache(args.cache, args.ref_nodes)
        (table if args.command == "table" else flags)(args, cache)
    cache.quit()


if __name__ == "__main__":
    main()
