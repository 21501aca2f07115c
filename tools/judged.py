#!/usr/bin/env python3
"""The review's explanations judged by hand: tables from tests/data/review/judged.jsonl.

Each line of the data file is one JSON object. `role` says what it is:
- `entry`: one explained mistake of a judged set, with `set`, `game`, `ply`, the
  review's `sentence`, Fairy-Stockfish's scores (`fsf`: after the move played / after the
  review's better move, for the side to move), a `note` and the `judgement`:
  TP true and to the point, HU true but hard to use, MIS misleading, FALSE false;
- `rejudged`: an entry explained again by later code from the same lines, or read again
  (its `section` says which change);
- `totals`: a figure the judging recorded for code that is not the one whose sentences
  are kept (the code a change started from, another node budget).

Sets: `first-45` (14 games: self-play, a game between the levels, two professional games,
four games of Fairy-Stockfish), `1` to `17` (games between the levels, each held out
until the code it measures was final; `6-default` is set 6 at the review's own budget).

    python3 tools/judged.py                    # the per-set table
    python3 tools/judged.py --sum 8-13         # one line for sets 8 to 13 together
    python3 tools/judged.py --list 13 --kind MIS
    python3 tools/judged.py --kinds 17         # judgements by kind of sentence
    python3 tools/judged.py --gate 14-19       # the hand-judged gate per kind of claim
    python3 tools/judged.py --replay-lines > lines.txt   # the first 45, for
    cargo run --profile test --example review_audit -- --replay lines.txt
"""
import argparse
import json
import os
import re
import sys
from collections import Counter

DATA = os.path.join(os.path.dirname(__file__), "..", "tests", "data", "review", "judged.jsonl")
KINDS = ["TP", "HU", "MIS", "FALSE"]


def load(path):
    with open(path, encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def set_order(name):
    """Numbered sets in order, the first 45 before them, a variant after its set."""
    if name == "first-45":
        return (-1, "")
    number, _, rest = name.partition("-")
    return (int(number), rest) if number.isdigit() else (1000, name)


def counts(entries):
    c = Counter(e.get("judgement") for e in entries)
    return [c[k] for k in KINDS], len(entries), len({e.get("game") for e in entries})


def row(label, entries):
    (tp, hu, mis, false), n, games = counts(entries)
    if n == 0:
        return f"| {label} | 0 | | | | | |"
    return (
        f"| {label} | {games} | {n} | {tp} ({100 * tp / n:.0f}%) | {hu} | "
        f"{mis} | {false} | {100 * (mis + false) / n:.0f}% |"
    )


# Kinds of sentence, read from the English words: (name, pattern). A sentence with none of
# them is bare; one may carry two.
SENTENCE_KINDS = [
    ("a mate threat", r"threatens mate in \d+|would have threatened mate"),
    ("a mate allowed or missed", r"(allowed|missed|allows|misses) mate in \d+|mate in \d+:"),
    ("a rook or bishop let in", r"breaks in"),
    ("a threat the reply sets up", r"The best reply \S+ threatens"),
    ("the initiative or a check", r"initiative|, with check"),
    ("too slow", r"^Too slow"),
    ("you could have taken", r"You could have"),
    ("a promotion let in", r"can promote|can bring|promotion"),
    ("the king's shelter", r"king is weaker|shelter"),
    ("a piece the reply wins, traps, forks, attacks, or finds hanging",
     r"^(?!Too slow).*(traps your|forks your|went to .*attacked|win your|is lost|is trapped|attacks your"
     r"|was attacked and not)"),
    ('better: "which attacks / takes / traps …"', r"Better was [^(:]*, (which|promoting)"),
]


def sentence_kinds(sentence):
    found = [name for name, pattern in SENTENCE_KINDS if re.search(pattern, sentence)]
    if found:
        return found
    if sentence.startswith("Already behind, and this made it worse"):
        return ['bare "Already behind, and this made it worse"']
    return ['bare "Better was"']


def kinds_table(entries):
    by_kind = {}
    for e in entries:
        for kind in sentence_kinds(e.get("sentence", "")):
            by_kind.setdefault(kind, Counter())[e.get("judgement")] += 1
    print("| kind | sentences | TP | HU | MIS | FALSE |")
    print("|---|---|---|---|---|---|")
    for kind, c in sorted(by_kind.items(), key=lambda item: -sum(item[1].values())):
        print(f"| {kind} | {sum(c.values())} | " + " | ".join(str(c[k]) for k in KINDS) + " |")


# The claims' kinds, from the `kind` field the judging kit writes (tools/judging/entries.py):
# a "Better was X, which ..." is named there by its first words, grouped here by its verb.
# Each group is the review's kind of claim (`Kind` in src/review/explain/claims.rs).
BETTER_CLAIMS = [
    (r"which takes .* on \S+ be", "better: forestalls (BetterForestall)"),
    (r"which takes", "better: takes a piece (BetterTakes)"),
    (r"which wins an? \S+'s worth", "better: wins material (BetterMaterial)"),
    (r"which wins ", "better: wins a small piece (BetterWins)"),
    (r"which traps", "better: traps (BetterTrap)"),
    (r"which attacks", "better: attacks a piece (BetterAttack)"),
    (r"which threatens", "better: threatens (BetterThreat, BetterThreatens)"),
    (r"which gets", "better: breaks in (BetterBreakIn)"),
    (r"which completes", "better: castle (BetterCastle)"),
]
# The gate: a kind is shown when the hand judging found it right (true, to the point or
# not) at least nine times in ten, on at least this many claims.
GATE_SHARE = 0.9
GATE_CLAIMS = 5
# A kind whose claim was narrowed after its judging is counted from the first set judged
# with the narrower claim: the rows before judged another claim under the same words.
# BetterForestall: since set 22 only the strike that is the reply to the move played, upheld
# only where the deeper search replies so and the piece struck is not lost after the better
# move too.
# "material lost" (OpponentWins): since set 23 also dropped where the piece, where it stood, could
# be won at once after the better move too.
# "left hanging" (LeftHanging): since set 23 dropped the same way.
REDEFINED_SINCE = {
    "better: forestalls (BetterForestall)": 22,
    "material lost": 23,
    "left hanging": 23,
}


def claim_kind(name, sentence=""):
    """The kind of claim a row's `kind` label names. A better move's label is cut short, so
    its claim is read from the sentence where the sentence has one; a fork after an exchange
    ("After Bx8h+ Sx8h, bishop to 5e forks ...") is its own kind, apart from the reply's fork, and
    "Your bishop on 4d is lost" (a rook or bishop lost down the line) apart from the material the
    reply wins."""
    if name == "piece lost" or (
        name == "material lost" and not re.search(r"This let the opponent win your", sentence)
    ):
        return "loses rook/bishop (LosesMajor)"
    if name == "fork" and re.search(r"After [^.]*, [^.]* forks ", sentence):
        return "fork after an exchange (ForkAfterExchange)"
    if name.startswith("better: which"):
        said = re.search(r"Better was \S+, (which [^(]*)", sentence)
        text = said.group(1) if said else name
        for pattern, kind in BETTER_CLAIMS:
            if re.search(pattern, text):
                return kind
    return name


def borne_out(entry):
    """Whether Fairy-Stockfish bears out the verdict: where it does not, the words are not
    what is judged (the three judges' split is in `judges`). Sets before 16 have no `point`:
    their notes say it after the margin."""
    if "point" in entry:
        return not entry["point"].startswith("not borne out")
    return not re.search(r"cp (better|worse)[^;]*not borne out", entry.get("note", ""))


# Claims the kit's labels miss (tools/judging/entries.py names no kind for them), read from the
# sentence.
UNLABELLED_CLAIMS = [
    (r"nothing stops it promoting|can promote an? \S+ to an? ", "promotion let in (PromotionAllowed)"),
    (r"The best reply \S+ attacks your", "piece attacked (Attacked)"),
    (r"Your king is weaker", "king safety (KingSafety)"),
    (r"[Tt]he attack slows down", "a mate threat missed (MissedThreat)"),
    (r"In the race to mate", "the race to mate (Race)"),
    (r"rook pawn through", "the rook pawn let through (RookPawn)"),
]


def claims_of(entry):
    """The kinds of claim an entry's sentence makes: its labels read by [`claim_kind`], and
    those the labels miss."""
    sentence = entry.get("sentence", "")
    kinds = {claim_kind(k, sentence) for k in entry.get("kind", [])}
    kinds.update(name for pattern, name in UNLABELLED_CLAIMS if re.search(pattern, sentence))
    return kinds


def judged_as_defined(kind, set_name):
    """Whether a row of `set_name` judged `kind`'s claim as the review makes it now."""
    since = REDEFINED_SINCE.get(kind)
    return since is None or (set_name.isdigit() and int(set_name) >= since)


def gate_table(entries):
    by_kind = {}
    for e in entries:
        if "kind" not in e or not borne_out(e):
            continue
        for kind in claims_of(e):
            if not judged_as_defined(kind, e.get("set", "")):
                kind = f"{kind}, as claimed before set {REDEFINED_SINCE[kind]}"
            by_kind.setdefault(kind, Counter())[e.get("judgement")] += 1
    print("| kind of claim | claims | TP | HU | MIS | FALSE | right | by the gate |")
    print("|---|---|---|---|---|---|---|---|")
    for kind, c in sorted(by_kind.items(), key=lambda item: -sum(item[1].values())):
        n = sum(c.values())
        right = (c["TP"] + c["HU"]) / n
        verdict = "too few" if n < GATE_CLAIMS else ("on" if right >= GATE_SHARE else "off")
        if ", as claimed before set" in kind:
            verdict = "narrowed since"
        cells = " | ".join(str(c[k]) for k in KINDS)
        print(f"| {kind} | {n} | {cells} | {100 * right:.0f}% | {verdict} |")


def parse_range(text):
    """`8-13` -> the sets '8' to '13'; `3,5` -> '3' and '5'."""
    names = set()
    for part in text.split(","):
        low, _, high = part.partition("-")
        if high.isdigit() and low.isdigit():
            names.update(str(n) for n in range(int(low), int(high) + 1))
        else:
            names.add(part)
    return names


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", default=DATA, help="the judged entries (JSON lines)")
    parser.add_argument("--sum", metavar="SETS", help="one line for these sets together, e.g. 8-13")
    parser.add_argument("--list", metavar="SET", help="print the entries of one set")
    parser.add_argument("--kind", choices=KINDS, help="with --list: only this judgement")
    parser.add_argument("--kinds", metavar="SETS", help="judgements by kind of sentence, e.g. 17")
    parser.add_argument(
        "--gate",
        metavar="SETS",
        help="per kind of claim, on the verdicts Fairy-Stockfish bears out: how often the"
        " hand judging found it right, and whether that passes the gate (nine in ten)",
    )
    parser.add_argument(
        "--replay-lines",
        action="store_true",
        help="the first 45 entries as the lines `review_audit --replay` reads",
    )
    args = parser.parse_args()
    records = load(args.data)
    entries = [r for r in records if r.get("role") == "entry"]

    if args.replay_lines:
        for e in entries:
            if "sfen" in e:
                print(
                    f"position sfen {e['sfen']} | played {e['played']} | best {e['best']}"
                    f" | reply {e['reply']}"
                )
        return 0

    if args.kinds:
        wanted = parse_range(args.kinds)
        kinds_table([e for e in entries if e.get("set") in wanted])
        return 0

    if args.gate:
        wanted = parse_range(args.gate)
        gate_table([e for e in entries if e.get("set") in wanted])
        return 0

    if args.list:
        for e in entries:
            if e.get("set") != args.list or (args.kind and e.get("judgement") != args.kind):
                continue
            where = f"{e.get('game')}, ply {e.get('ply')}"
            print(f"{e.get('judgement', '?'):5} {where}: {e.get('sentence', '')}")
            if e.get("note"):
                print(f"      {e['note']}")
        return 0

    print("| set | games | explained mistakes | true and to the point | hard to use | misleading | false | misleading or false |")
    print("|---|---|---|---|---|---|---|---|")
    if args.sum:
        wanted = parse_range(args.sum)
        chosen = [e for e in entries if e.get("set") in wanted]
        if not chosen:
            print(f"judged.py: no entries in sets {args.sum}", file=sys.stderr)
            return 2
        print(row(args.sum, chosen))
        return 0
    for name in sorted({e["set"] for e in entries}, key=set_order):
        print(row(name, [e for e in entries if e["set"] == name]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
