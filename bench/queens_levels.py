#!/usr/bin/env python3
"""Checks `placer` against a published collection of Queens-game levels.

Community collections of the Queens game (for example the `community-levels`
folder of github.com/samimsu/queens-game-linkedin) store each level as a
TypeScript file with `colorRegions: [["A", "B", ...], ...]` and, where its
author counted them, `solutionsCount: N`. This script reads every such file
under DIR, counts each level with `placer solve region-queens --count` and
compares with the published count; it prints the mismatches, the sizes seen
and the slowest levels. Exit 1 on any mismatch or error.

    cargo build --release
    python3 bench/queens_levels.py DIR [--placer target/release/placer]

The levels are third-party data: read them from a clone, do not copy them
into this repository.
"""

import argparse
import collections
import pathlib
import re
import subprocess
import sys
import tempfile
import time


def level(text):
    """(region rows, published count or None) of one level file, or None."""
    m = re.search(r"colorRegions:\s*\[(.*?)\]\s*,?\s*\n\s*[A-Za-z}]", text, re.S)
    if not m:
        return None
    rows = [re.findall(r'"([^"]*)"', r) for r in re.findall(r"\[([^\[\]]*)\]", m.group(1))]
    rows = [r for r in rows if r]
    if not rows or any(len(r) != len(rows) or any(len(x) != 1 for x in r) for r in rows):
        return None
    count = re.search(r"solutionsCount:\s*(\d+)", text)
    return ["".join(r) for r in rows], int(count.group(1)) if count else None


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("dir")
    ap.add_argument("--placer", default="target/release/placer")
    args = ap.parse_args()
    sizes, checked, bad, times = collections.Counter(), 0, 0, []
    with tempfile.TemporaryDirectory() as tmp:
        for path in sorted(pathlib.Path(args.dir).rglob("*.[tj]s")):
            found = level(path.read_text(errors="replace"))
            if not found:
                continue
            rows, published = found
            puzzle = pathlib.Path(tmp, "level.txt")
            puzzle.write_text("\n".join(rows) + "\n")
            start = time.perf_counter()
            out = subprocess.run(
                [args.placer, "solve", "region-queens", "--regions", str(puzzle), "--count"],
                capture_output=True, text=True,
            )
            times.append((time.perf_counter() - start, path.name))
            sizes[len(rows)] += 1
            if out.returncode != 0:
                print(f"error on {path}: {out.stderr.strip()}")
                bad += 1
                continue
            got = int(out.stdout.split()[0])
            if published is not None:
                checked += 1
                if got != published:
                    print(f"mismatch on {path}: published {published}, placer {got}")
                    bad += 1
    total = sum(sizes.values())
    print(f"{total} levels (sizes {dict(sorted(sizes.items()))}), {checked} with a published count, {bad} mismatches or errors")
    slowest = ", ".join(f"{name} {t:.3f} s" for t, name in sorted(times)[-3:])
    print(f"slowest (process wall time): {slowest}")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
