#!/usr/bin/env python3
"""Decodes Star Battle Notation (SBN) lines into placer's region format.

SBN, as used by published Star Battle collections: two characters for the
size (`HH` is 17×17, `A` = 10 … `P` = 25 in a base-64 alphabet), one digit for
the stars per region, one flag character, then the region borders as base-64
characters (alphabet 0-9, A-Z, a-z, -, _), 6 bits each, padding bits first:
n·(n−1) bits for the walls between horizontally neighbouring cells (row by
row), then n·(n−1) for the walls between vertically neighbouring cells
(column by column); 1 is a wall. Regions are the wall-free connected parts.

    python3 bench/sbn.py FILE.sbn OUTDIR [--limit N] [--every K]

writes OUTDIR/starK-NAME-00001.txt … one puzzle each (regions as letters,
k in the file name as bench/star_sat.py and bench/region_before_after.sh
expect). Collections are third-party data: decode them outside the repository.
"""

import argparse
import pathlib
import string

ALPHABET = string.digits + string.ascii_uppercase + string.ascii_lowercase + "-_"
VALUE = {ch: i for i, ch in enumerate(ALPHABET)}
LABELS = string.ascii_uppercase + string.ascii_lowercase + string.digits


def decode(line):
    """Returns (k, rows of region numbers) of one SBN line."""
    n = VALUE[line[0]]
    if line[1] != line[0] or n < 2:
        raise ValueError(f"not a square SBN size: {line[:2]!r}")
    k = int(line[2])
    need = 2 * n * (n - 1)
    chars = -(-need // 6)
    body = line[4 : 4 + chars]
    if len(body) != chars:
        raise ValueError("SBN line too short")
    bits = "".join(format(VALUE[ch], "06b") for ch in body)[-need:]
    across, down = bits[: n * (n - 1)], bits[n * (n - 1) :]

    def open_between(a, b):
        (r1, c1), (r2, c2) = sorted((a, b))
        if r1 == r2:
            return across[r1 * (n - 1) + c1] == "0"
        return down[c1 * (n - 1) + r1] == "0"

    region = [[-1] * n for _ in range(n)]
    count = 0
    for r in range(n):
        for c in range(n):
            if region[r][c] >= 0:
                continue
            region[r][c] = count
            todo = [(r, c)]
            while todo:
                cell = todo.pop()
                y, x = cell
                for other in ((y, x + 1), (y, x - 1), (y + 1, x), (y - 1, x)):
                    oy, ox = other
                    if 0 <= oy < n and 0 <= ox < n and region[oy][ox] < 0 and open_between(cell, other):
                        region[oy][ox] = count
                        todo.append(other)
            count += 1
    return k, region


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("file")
    ap.add_argument("outdir")
    ap.add_argument("--limit", type=int, default=None)
    ap.add_argument("--every", type=int, default=1, help="take every K-th line")
    args = ap.parse_args()
    out = pathlib.Path(args.outdir)
    out.mkdir(parents=True, exist_ok=True)
    stem = pathlib.Path(args.file).stem
    lines = [ln.strip() for ln in open(args.file) if ln.strip()]
    taken = 0
    for i, line in enumerate(lines[:: args.every]):
        if args.limit is not None and taken >= args.limit:
            break
        k, region = decode(line)
        if max(map(max, region)) >= len(LABELS):
            raise ValueError("more regions than labels")
        text = "\n".join("".join(LABELS[g] for g in row) for row in region) + "\n"
        name = out / f"star{k}-sbn{stem}-{i * args.every + 1:05d}.txt"
        name.write_text(f"# {args.file} line {i * args.every + 1}\n" + text)
        taken += 1
    print(f"{taken} puzzles written to {out}")


if __name__ == "__main__":
    main()
