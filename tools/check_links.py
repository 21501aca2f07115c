#!/usr/bin/env python3
"""Checks the relative links of the project's Markdown documents.

Every link or image that is not a web address must name a file or folder that exists, and a
`#fragment` must name a heading of the document it points into (GitHub's anchors: lower case,
punctuation dropped, spaces as hyphens).

    python3 tools/check_links.py                    # README.md, CHANGELOG.md and docs/*.md
    python3 tools/check_links.py FILE.md ...

Prints each broken link with its file and line; the exit status is 1 if there is one.
"""
import glob
import os
import re
import sys

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
LINK = re.compile(r"!?\[(?:[^\]\\]|\\.)*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")
FENCE = re.compile(r"^\s*(```|~~~)")


def anchor(heading):
    """GitHub's anchor for a heading's text."""
    text = re.sub(r"`|\*\*|\*|_(?=\w)|(?<=\w)_", "", heading.strip()).lower()
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def anchors(path):
    found, seen = set(), {}
    in_code = False
    with open(path, encoding="utf-8") as f:
        for line in f:
            if FENCE.match(line):
                in_code = not in_code
                continue
            m = None if in_code else re.match(r"#{1,6}\s+(.*?)\s*#*\s*$", line)
            if m:
                base = anchor(m.group(1))
                n = seen.get(base, 0)
                seen[base] = n + 1
                found.add(base if n == 0 else f"{base}-{n}")
    return found


def links(path):
    in_code = False
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            if FENCE.match(line):
                in_code = not in_code
                continue
            if in_code:
                continue
            for m in LINK.finditer(re.sub(r"`[^`]*`", "", line)):
                yield number, m.group(1)


def check(path):
    problems = []
    for number, target in links(path):
        if re.match(r"[a-z][a-z0-9+.-]*:", target):
            continue  # https:, mailto: …
        file_part, _, fragment = target.partition("#")
        dest = os.path.normpath(os.path.join(os.path.dirname(path), file_part)) if file_part else path
        if not os.path.exists(dest):
            problems.append(f"{path}:{number}: {target}: no such file")
            continue
        if fragment and dest.endswith(".md") and fragment not in anchors(dest):
            problems.append(f"{path}:{number}: {target}: no heading #{fragment} in {file_part or 'this file'}")
    return problems


def main(argv):
    files = argv or [
        os.path.join(ROOT, name) for name in ("README.md", "CHANGELOG.md")
    ] + sorted(glob.glob(os.path.join(ROOT, "docs", "*.md")))
    problems = []
    for path in files:
        problems += check(os.path.relpath(path))
    for problem in problems:
        print(problem)
    print(f"{len(files)} files, {len(problems)} broken links", file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
