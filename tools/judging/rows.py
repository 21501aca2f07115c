#!/usr/bin/env python3
"""A judged set's rows appended to tests/data/review/judged.jsonl: the judges' verdicts put on
the draft entries (entries.py) as `entry` rows, the other judges' figures (others.py) on the
entries they weighed, and the `unflagged` rows (unflagged.py) after them.

The judges' verdict files are JSON lines, one object an entry (judge.md says how to judge):

    {"no": 12, "judgement": "MIS", "note": "what the judge saw ...", "point": "material: ..."}

- `no`: the entry's number in the drafts (1-based);
- `judgement`: TP, HU, MIS or FALSE (docs/review-quality.md, "By hand, with Fairy-Stockfish");
- `note`: what the judge saw on the board and in Fairy-Stockfish's lines; rows.py ends it with
  "; D", D Fairy-Stockfish's difference (after played minus after better, centipawns for the
  opponent), unless the judge already did;
- `point`: "TAG: a few words", TAG one of POINT_TAGS: what the lines show the move's fault to be.

Every entry needs exactly one verdict; a set already in the data file is refused, so a set is
never written twice. Then it prints the set's tables (tools/judged.py).

    python3 tools/judging/rows.py --set 19 --entries entries*.jsonl --verdicts verdicts*.jsonl \
        --others others*.jsonl --unflagged unflagged*.jsonl
    python3 tools/judging/rows.py ... --data /tmp/judged.jsonl   # try it on a copy first
"""
import argparse
import json
import os
import subprocess
import sys

HERE = os.path.dirname(__file__)
DATA = os.path.join(HERE, "..", "..", "tests", "data", "review", "judged.jsonl")
JUDGEMENTS = ("TP", "HU", "MIS", "FALSE")
# docs/review-quality.md's tags, and "attack on king", which sets 16 to 18 used beside them.
POINT_TAGS = ("mate", "material", "guard removed", "threat", "better threatens", "promotion",
              "break-in", "king safety", "attack on king", "race/tempo", "plan/positional",
              "not borne out")
# An entry row's fields in judged.jsonl's order (set 18's); k_diff, g_diff and judges only on
# the entries others.py weighed. The draft's sfen stays out: judged.py --replay-lines reads
# rows with a sfen as the first 45's.
ENTRY = ("role", "set", "no", "game", "ply", "move", "better", "judgement", "sentence", "fsf",
         "note", "words", "kind", "usi", "best_usi", "verdict", "review_scores", "fsf_before",
         "fsf_after_played", "fsf_after_better", "point", "k_diff", "g_diff", "judges")


def read_lines(paths):
    return [json.loads(line) for path in paths or [] for line in open(path) if line.strip()]


def by_no(rows, what):
    found = {}
    for r in rows:
        if r["no"] in found:
            sys.exit(f"rows.py: two {what} for entry {r['no']}")
        found[r["no"]] = r
    return found


def check_verdict(v):
    problems = []
    if v.get("judgement") not in JUDGEMENTS:
        problems.append(f"judgement {v.get('judgement')!r} is not one of {', '.join(JUDGEMENTS)}")
    tag = str(v.get("point", "")).split(":")[0]
    if tag not in POINT_TAGS:
        problems.append(f"point tag {tag!r} is not one of {', '.join(POINT_TAGS)}")
    if not v.get("note"):
        problems.append("no note")
    return [f"entry {v['no']}: {p}" for p in problems]


def entry_row(set_name, e, verdict, other):
    diff = (e["fsf_after_played"][0][0] - e["fsf_after_better"][0][0]
            if e["fsf_after_better"] else None)
    note = verdict["note"].rstrip().rstrip(".")
    if diff is not None and not note.endswith(f"; {diff}"):
        note += f"; {diff}"
    row = dict(e, role="entry", set=set_name, judgement=verdict["judgement"], note=note,
               point=verdict["point"], **(other or {}))
    return {key: row[key] for key in ENTRY if key in row}


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--set", required=True, help="the set's name, e.g. 19")
    p.add_argument("--entries", nargs="+", required=True, help="entries.py's output")
    p.add_argument("--verdicts", nargs="+", required=True, help="the judges' verdict files")
    p.add_argument("--others", nargs="*", help="others.py's output")
    p.add_argument("--unflagged", nargs="*", help="unflagged.py's output")
    p.add_argument("--data", default=DATA, help="the judged.jsonl to append to")
    args = p.parse_args()

    existing = read_lines([args.data])
    if any(r.get("set") == args.set for r in existing):
        sys.exit(f"rows.py: set {args.set} is already in {args.data}; not written again")
    entries = sorted(read_lines(args.entries), key=lambda e: e["no"])
    by_entry = by_no(entries, "draft entries")
    verdicts = by_no(read_lines(args.verdicts), "verdicts")
    others = by_no(read_lines(args.others), "other judges' rows")
    problems = [f"entry {n}: no verdict" for n in by_entry if n not in verdicts]
    problems += [f"verdict {n}: no such entry" for n in verdicts if n not in by_entry]
    problems += [p for n in sorted(verdicts) for p in check_verdict(verdicts[n])]
    if problems:
        sys.exit("rows.py: nothing written:\n  " + "\n  ".join(problems))

    rows = [entry_row(args.set, e, verdicts[e["no"]],
                      {k: v for k, v in others.get(e["no"], {}).items() if k != "no"})
            for e in entries]
    # The unflagged rows in the games' order, as the entries have them (set 18's order).
    order = {}
    for e in entries:
        order.setdefault(e["game"], len(order))
    unflagged = sorted(read_lines(args.unflagged),
                       key=lambda r: (order.get(r["game"], len(order)), r["game"], r["ply"]))
    for r in unflagged:
        r["set"] = args.set
    with open(args.data, "a", encoding="utf-8") as f:
        for r in rows + unflagged:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    print(f"rows.py: {len(rows)} entries and {len(unflagged)} unflagged rows of set {args.set} "
          f"appended to {args.data}")

    real = [r for r in unflagged if r["real"]]
    together = {k: sum(r["judges"] == k for r in real) for k in ("both", "split", "neither")}
    print(f"unflagged: {len(unflagged)} candidates, {len(real)} borne out; of those, the other "
          f"judges: both {together['both']}, split {together['split']}, "
          f"neither {together['neither']}")
    judged = os.path.join(HERE, "..", "judged.py")
    for flag in ("--sum", "--kinds"):
        subprocess.run([sys.executable, judged, "--data", args.data, flag, args.set], check=True)


if __name__ == "__main__":
    main()
