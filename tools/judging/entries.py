#!/usr/bin/env python3
"""The draft entries of a set: every mistake and blunder the review flagged after the random
opening plies, with Fairy-Stockfish's lines for the judges to read.

Reads the review JSONs (review.py) of the games given, numbers every mistake and blunder after
ply --random-plies in game order (the order of the games given, then ply: `no`, 1-based, the
same in every part), and prints one JSON line an entry: no, game, ply, move, better (Western
notation as the review writes them), usi, best_usi, verdict, sentence (the English words),
kind (kinds of sentence, as the `kind` field of judged.jsonl since set 14), review_scores,
words, sfen (the position before the move), and Fairy-Stockfish's lines at --nodes, one
thread, each a list of [score for the side to move, "pv in USI"]: `fsf_before` (MultiPV 3,
before the move), `fsf_after_played` and `fsf_after_better` (MultiPV 2 each), and `fsf`,
"after played / after better" for the side to move.

    python3 tools/judging/entries.py --reviews reviews --part 0/2 GAMES... > entries0.jsonl &
    python3 tools/judging/entries.py --reviews reviews --part 1/2 GAMES... > entries1.jsonl
    cat entries0.jsonl entries1.jsonl > entries.jsonl   # drafts.py and rows.py sort by no

The games' random opening plies (8 in every held-out set) are not the players' choices: the
review judges them like any move, so they are skipped here, not there. Three searches of 1,000,000
nodes an entry: about 15 s an entry on one core.
"""
import argparse
import json
import os
import re
import sys

import cshogi

sys.path.insert(0, os.path.dirname(__file__))
from screen import engine, game_moves, position  # noqa: E402

MATE = 30000
FLAGGED = ("mistake", "blunder")
WORDS = "deep pass (komadai review --json)"


def score_value(words, i):
    """The score at words[i:] (`cp N` or `mate N`) for the side to move; a mate in N plies is
    30000 - N (mated: -30000 + N), so a nearer mate counts for more, as judged.jsonl writes it."""
    if words[i] == "cp":
        return int(words[i + 1])
    plies = int(words[i + 1])
    # `mate 0` (or `mate -0`) is the side to move already mated.
    return MATE - plies if plies > 0 else -MATE - plies


def fsf_lines(fsf, moves, nodes, multipv, pv_length=10):
    """Fairy-Stockfish's `multipv` lines at `moves` (USI moves from the start, or a whole
    `position ...` line, as a judge has it): [[score, "pv"], ...] in its order. A position with
    no legal move gives one line [-MATE, ""]."""
    fsf.send(f"setoption name MultiPV value {multipv}")
    fsf.send(moves if isinstance(moves, str) else position(moves))
    fsf.send(f"go nodes {nodes}")
    found = {}
    for line in fsf.wait("bestmove"):
        words = line.split()
        # Bound lines are the aspiration window's guesses, not the search's result.
        if words[:1] != ["info"] or "score" not in words or "pv" not in words \
                or "lowerbound" in words or "upperbound" in words:
            continue
        k = int(words[words.index("multipv") + 1]) if "multipv" in words else 1
        pv = words[words.index("pv") + 1 :][:pv_length]
        found[k] = [score_value(words, words.index("score") + 1), " ".join(pv)]
    if not found:
        return [[-MATE, ""]]
    return [found[k] for k in sorted(found)]


def scores_text(move):
    """The review's scores for the mover, "before -> after, second look S" (a mate as its JSON)."""
    def text(score):
        return str(score) if isinstance(score, int) else json.dumps(score)
    words = f"{text(move['score_before'])} -> {text(move['score_after'])}"
    if move.get("second_look") is not None:
        words += f", second look {text(move['second_look'])}"
    return words


# The kinds of sentence judged.jsonl's entries carry (`kind`, since set 14), read from the
# English words in this order; a "Better was X, which ..." is named by its first words.
KINDS = [
    ("behind: allows mate", r"^Already behind, but this allowed mate in"),
    ("behind: score fell", r"^Already behind, but this made it worse: the score went"),
    ("allows mate", r"^This allowed mate in"),
    ("missed mate", r"You had mate in"),
    ("threat allowed (mate)", r"threatens mate in"),
    ("too slow", r"Too slow"),
    ("trap (reply)", r"\S traps your"),
    ("fork", r"forks your"),
    ("left hanging", r"went to \S+, where it was attacked"),
    ("material lost", r"This let the opponent win your"),
    ("own piece trapped", r"is trapped, with no safe square"),
    ("piece lost", r"^(Already behind[^.]*\. )?Your \S+ on \S+ is lost:"),
    ("piece hunted", r"it is chased until it is lost"),
    ("piece driven off", r"and drives it off"),
    ("initiative", r"gives up the initiative"),
    ("missed capture", r"You could have"),
]


def sentence_kinds(sentence):
    kinds = [name for name, pattern in KINDS if re.search(pattern, sentence)]
    better = re.search(r"Better was \S+(, (which [^(]*)|, with check|, promoting| \()", sentence)
    if better:
        if better.group(2):
            kinds.append(("better: " + better.group(2).rstrip())[:48])
        elif better.group(1) == ", with check":
            kinds.append("better: check")
        elif better.group(1) == ", promoting":
            kinds.append("better: promotes")
        else:
            kinds.append("better: bare")
    return kinds


def better_notation(move):
    """The review's better move as it writes it: from its list of best moves, else from the
    sentence, else in USI."""
    for candidate in move.get("best_moves", []):
        if candidate["move"] == move["best"] and candidate.get("notation"):
            return candidate["notation"]
    found = re.search(r"Better was ([^ ,(]+)", move["explanation"])
    return found.group(1) if found else move["best"]


def flagged(games, reviews, random_plies):
    """(game, moves, review of the move) for every mistake and blunder, in order."""
    for path in games:
        game = os.path.splitext(os.path.basename(path))[0]
        with open(os.path.join(reviews, game + ".json")) as f:
            review = json.load(f)
        for move in review:
            if move["verdict"] in FLAGGED and move["ply"] > random_plies:
                yield game, game_moves(path), move


def entry(no, game, moves, move, fsf, nodes):
    ply = move["ply"]
    before = moves[: ply - 1]
    assert moves[ply - 1] == move["move"], (game, ply)
    board = cshogi.Board()
    for m in before:
        board.push_usi(m)
    e = {"no": no, "game": game, "ply": ply, "move": move["notation"],
         "better": better_notation(move), "usi": move["move"], "best_usi": move["best"],
         "verdict": move["verdict"], "sentence": move["explanation"],
         "kind": sentence_kinds(move["explanation"]), "review_scores": scores_text(move),
         "words": WORDS, "sfen": board.sfen()}
    e["fsf_before"] = fsf_lines(fsf, before, nodes, 3)
    e["fsf_after_played"] = fsf_lines(fsf, before + [move["move"]], nodes, 2)
    e["fsf_after_better"] = (fsf_lines(fsf, before + [move["best"]], nodes, 2)
                             if move["best"] else [])
    played = e["fsf_after_played"][0][0]
    better = e["fsf_after_better"][0][0] if e["fsf_after_better"] else None
    e["fsf"] = f"{played:+d} / " + (f"{better:+d}" if better is not None else "-")
    return e


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("games", nargs="+", help="the set's game files, in the order to number them")
    p.add_argument("--reviews", required=True, help="the folder of review.py's GAME.json")
    p.add_argument("--nodes", type=int, default=1_000_000)
    p.add_argument("--random-plies", type=int, default=8)
    p.add_argument("--max-ply", type=int, default=None, help="only moves up to this ply (tests)")
    p.add_argument("--part", default="0/1", help="i/n: the entries whose no - 1 is i modulo n")
    args = p.parse_args()
    index, parts = (int(x) for x in args.part.split("/"))
    fsf = engine()
    for no, (game, moves, move) in enumerate(flagged(args.games, args.reviews,
                                                     args.random_plies), start=1):
        if (no - 1) % parts != index or (args.max_ply and move["ply"] > args.max_ply):
            continue
        print(json.dumps(entry(no, game, moves, move, fsf, args.nodes), ensure_ascii=False),
              flush=True)
    fsf.quit()


if __name__ == "__main__":
    main()
