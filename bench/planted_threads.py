#!/usr/bin/env python3
"""Uniqueness proofs of planted Star Battles (bench/planted.py) on one
thread and two, against CaDiCaL (bench/star_sat.py's encoding), alternately
on each board. Prints wall seconds for `placer solve star-battle --set k=K
--regions F --limit 2 --count -jJ` with J = 1 and 2 (a timeout shows as
`>T`), the SAT solver's CPU seconds, and the answers, which must agree.

Setup: `python3 -m venv v && v/bin/pip install python-sat`; `cargo build --release`.
Run:   `v/bin/python bench/planted_threads.py [BIN] [TIMEOUT] N:K:SEED ...`
       e.g. `v/bin/python bench/planted_threads.py target/release/placer 60 26:6:1 129:1:3`
"""
import os
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from star_sat import solutions_up_to_two  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))


def board(n, k, seed, folder):
    path = os.path.join(folder, f"star{k}-planted{n}-{seed}.txt")
    if not os.path.exists(path):
        try:
            out = subprocess.run([sys.executable, os.path.join(HERE, "planted.py"), str(n), str(k), str(seed)],
                                 capture_output=True, text=True, check=True, timeout=60).stdout
        except subprocess.TimeoutExpired:
            return None  # too tight to plant quickly (6 stars below 26×26)
        with open(path, "w") as f:
            f.write(out)
    return path


def placer(binary, path, k, threads, timeout):
    start = time.monotonic()
    try:
        out = subprocess.run(
            [binary, "solve", "star-battle", "--set", f"k={k}", "--regions", path,
             "--limit", "2", "--count", "-j", str(threads)],
            capture_output=True, text=True, timeout=timeout, check=True).stdout
    except subprocess.TimeoutExpired:
        return None, None
    return time.monotonic() - start, int(out.split()[0])


def main():
    binary = sys.argv[1] if len(sys.argv) > 1 else "target/release/placer"
    timeout = float(sys.argv[2]) if len(sys.argv) > 2 else 60
    specs = [tuple(int(x) for x in s.split(":")) for s in sys.argv[3:]]
    folder = os.environ.get("BOARDS") or tempfile.mkdtemp(prefix="planted-")
    os.makedirs(folder, exist_ok=True)
    show = lambda t: f">{timeout:g}" if t is None else f"{t:.2f}"
    print("| board | -j1 s | -j2 s | SAT s | answer |")
    print("|---|---|---|---|---|")
    for n, k, seed in specs:
        path = board(n, k, seed, folder)
        if path is None:
            print(f"| {n}×{n} {k}★ seed {seed} | not planted in 60 s | | | |", flush=True)
            continue
        t1, a1 = placer(binary, path, k, 1, timeout)
        t2, a2 = placer(binary, path, k, 2, timeout)
        start = time.process_time()
        want = solutions_up_to_two(read_numeric(path), k)
        ts = time.process_time() - start
        for got in (a1, a2):
            assert got is None or got == want, f"{path}: placer says {got}, SAT says {want}"
        answer = "unique" if want == 1 else "several"
        print(f"| {n}×{n} {k}★ seed {seed} | {show(t1)} | {show(t2)} | {ts:.2f} | {answer} |", flush=True)


def read_numeric(path):
    """The numeric picture as rows of region labels."""
    return [line.split() for line in open(path) if line.strip()]


if __name__ == "__main__":
    main()
