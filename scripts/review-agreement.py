#!/usr/bin/env python3
"""How far the judgements of `review` with the built-in engine agree with
those of the same review with Stockfish at a greater depth (the
reference), move by move, over a list of real games.

    scripts/review-agreement.py [--bin BIN] [--stockfish PATH] [--depth N]
        [--builtin-depth N] [--out DIR] [FILE:N ...]

Each game (FILE:N is game N of FILE, counted from 1; by default games 1-8
of tests/data/pgn/lichess_db_100k.pgn and eight of
tests/data/pgn/twic1599_100k.pgn) is copied with its moves and headers
only, so that no evaluation or judgement the file carries (lichess's own
analysis) stands in for the engine's. Both reviews run through the binary
in a fresh home, each writes its annotated PGN (into DIR, by default
target/review-agreement/), and python-chess reads the NAGs back: ?! is 6,
? is 2, ?? is 4. Printed: per game the plies, each engine's wall time (the
whole run: load, review, PGN), the mistakes and blunders Stockfish gives
and how many of them the built-in engine also calls a mistake or blunder
or judges at all, the ones it invents, the same for inaccuracies, and the
accuracy the summary says for each side; then the totals. Where the
source game carries lichess's own judgements, they are compared with the
reference as well (a check of the thresholds, not of the engine).

Run it from anywhere; paths are relative to the repository. Needs
python-chess (scripts/setup) and Stockfish (/usr/games/stockfish).
"""
import argparse
import io
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

import chess
import chess.pgn

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

DEFAULT_GAMES = [f"tests/data/pgn/lichess_db_100k.pgn:{n}" for n in range(1, 9)] + [
    f"tests/data/pgn/twic1599_100k.pgn:{n}" for n in (50, 57, 60, 62, 73, 75, 77, 80)
]

INACCURACY, MISTAKE, BLUNDER = 6, 2, 4
JUDGED = (INACCURACY, MISTAKE, BLUNDER)
BAD = (MISTAKE, BLUNDER)

SIDE = re.compile(r"^(White|Black): .*?; (?:accuracy (\d+) percent|no accuracy)")


def read_games(specs):
    """The games asked for, as (label, game) with moves and headers only."""
    wanted = {}
    for spec in specs:
        path, _, number = spec.rpartition(":")
        wanted.setdefault(path, set()).add(int(number))
    found = {}
    for path, numbers in wanted.items():
        with open(os.path.join(ROOT, path), encoding="utf-8", errors="replace") as f:
            n = 0
            while numbers - {k[1] for k in found if k[0] == path}:
                game = chess.pgn.read_game(f)
                if game is None:
                    sys.exit(f"{path} has no game {max(numbers)}")
                n += 1
                if n in numbers:
                    found[(path, n)] = game
    out = []
    for spec in specs:
        path, _, number = spec.rpartition(":")
        out.append((f"{os.path.basename(path).split('_')[0]} {number}", found[(path, int(number))]))
    return out


def bare(game):
    """The game with its headers and main line only."""
    copy = chess.pgn.Game(headers=game.headers)
    node = copy
    for move in game.mainline_moves():
        node = node.add_variation(move)
    return copy


def judgements(game):
    """The judgement NAG of each ply (0 where none)."""
    out = []
    for node in game.mainline():
        nag = [n for n in JUDGED if n in node.nags]
        out.append(nag[0] if nag else 0)
    return out


def review(binary, games_pgn, number, engine_args, pgn_out):
    """Reviews game `number` of `games_pgn`; returns (seconds, accuracy
    by side, judgements by ply, the summary lines)."""
    if os.path.exists(pgn_out):
        os.remove(pgn_out)
    with tempfile.TemporaryDirectory(prefix="annabella-agree.") as home:
        env = dict(os.environ, HOME=home, XDG_DATA_HOME=os.path.join(home, "data"),
                   XDG_CONFIG_HOME=os.path.join(home, "config"),
                   BRLAPI_HOST="127.0.0.1:4999")
        lines = f"load {games_pgn} {number}\nreview\nend\npgn {pgn_out}\n"
        start = time.perf_counter()
        run = subprocess.run(
            [binary, "--lang", "en", "--speech", "off", "--sound", "off", *engine_args],
            input=lines, capture_output=True, text=True, env=env, cwd=ROOT)
        seconds = time.perf_counter() - start
    out = run.stdout
    if run.returncode != 0 or not os.path.exists(pgn_out):
        sys.exit(f"review of game {number} failed ({run.returncode}):\n{out}\n{run.stderr}")
    for bad in ("Review stopped", "not evaluated", "goes on with the built-in engine"):
        if bad in out:
            sys.exit(f"review of game {number} incomplete ({bad!r}):\n{out}")
    accuracy = {}
    for line in out.splitlines():
        m = SIDE.match(line)
        if m:
            accuracy[m.group(1)] = int(m.group(2)) if m.group(2) else None
    with open(pgn_out, encoding="utf-8") as f:
        annotated = chess.pgn.read_game(f)
    return seconds, accuracy, judgements(annotated), annotated


def compare(ours, ref):
    """Counts of one game: ours against the reference, ply by ply."""
    c = dict.fromkeys(
        ["ref_bad", "bad_found", "bad_judged", "bad_invented",
         "ref_inacc", "inacc_found", "inacc_judged", "inacc_invented",
         "ours_bad", "ours_inacc"], 0)
    for a, r in zip(ours, ref):
        if r in BAD:
            c["ref_bad"] += 1
            c["bad_found"] += a in BAD
            c["bad_judged"] += a in JUDGED
        if a in BAD:
            c["ours_bad"] += 1
            c["bad_invented"] += r not in BAD
        if r == INACCURACY:
            c["ref_inacc"] += 1
            c["inacc_found"] += a == INACCURACY
            c["inacc_judged"] += a in JUDGED
        if a == INACCURACY:
            c["ours_inacc"] += 1
            c["inacc_invented"] += r == 0
    return c


def acc(a):
    return "-" if a is None else str(a)


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--bin", default="target/release/annabella")
    p.add_argument("--stockfish", default="/usr/games/stockfish")
    p.add_argument("--depth", type=int, default=18, help="the reference's depth")
    p.add_argument("--builtin-depth", type=int, default=None,
                   help="the built-in engine's depth (default: the review's default)")
    p.add_argument("--out", default="target/review-agreement")
    p.add_argument("games", nargs="*", default=DEFAULT_GAMES)
    args = p.parse_args()
    binary = os.path.join(ROOT, args.bin) if not os.path.isabs(args.bin) else args.bin
    out = os.path.join(ROOT, args.out) if not os.path.isabs(args.out) else args.out
    os.makedirs(out, exist_ok=True)

    games = read_games(args.games)
    games_pgn = os.path.join(out, "games.pgn")
    with open(games_pgn, "w", encoding="utf-8") as f:
        for _, game in games:
            print(bare(game), file=f, end="\n\n")

    builtin_args = ["--opponent", "human"]
    if args.builtin_depth:
        builtin_args += ["--reviewdepth", str(args.builtin_depth)]
    ref_args = ["--opponent", "human", "--engine", args.stockfish,
                "--reviewdepth", str(args.depth)]

    head = ("| game | plies | built-in s | SF s | SF ?/?? | found ?/?? | judged | invented ?/?? "
            "| SF ?! | found ?! | judged | invented ?! | White acc. bi/SF | Black acc. bi/SF |")
    print(head)
    print("|" + "---|" * (head.count("|") - 1))
    totals = None
    matrix = {}  # (reference's, ours) -> plies
    times = {"builtin": [], "sf": []}
    acc_diff = []
    lichess = dict.fromkeys(["ref_bad", "bad_found", "bad_judged", "bad_invented",
                             "ref_inacc", "inacc_found", "inacc_judged", "inacc_invented",
                             "ours_bad", "ours_inacc"], 0)
    lichess_games = []
    for number, (label, source) in enumerate(games, start=1):
        tag = label.replace(" ", "-")
        t_b, acc_b, j_b, _ = review(binary, games_pgn, number, builtin_args,
                                    os.path.join(out, f"{tag}-builtin.pgn"))
        t_s, acc_s, j_s, _ = review(binary, games_pgn, number, ref_args,
                                    os.path.join(out, f"{tag}-stockfish{args.depth}.pgn"))
        plies = len(list(source.mainline_moves()))
        if len(j_b) != plies or len(j_s) != plies:
            sys.exit(f"{label}: {plies} plies, PGNs with {len(j_b)} and {len(j_s)}")
        c = compare(j_b, j_s)
        for pair in zip(j_s, j_b):
            matrix[pair] = matrix.get(pair, 0) + 1
        totals = c if totals is None else {k: totals[k] + c[k] for k in c}
        times["builtin"].append(t_b)
        times["sf"].append(t_s)
        for side in ("White", "Black"):
            if acc_b.get(side) is not None and acc_s.get(side) is not None:
                acc_diff.append(acc_b[side] - acc_s[side])
        print(f"| {label} | {plies} | {t_b:.1f} | {t_s:.1f} | {c['ref_bad']} | {c['bad_found']} "
              f"| {c['bad_judged']} | {c['bad_invented']} | {c['ref_inacc']} | {c['inacc_found']} "
              f"| {c['inacc_judged']} | {c['inacc_invented']} "
              f"| {acc(acc_b.get('White'))}/{acc(acc_s.get('White'))} "
              f"| {acc(acc_b.get('Black'))}/{acc(acc_s.get('Black'))} |", flush=True)
        given = judgements(source)
        if any(given):
            lc = compare(given, j_s)
            lichess = {k: lichess[k] + lc[k] for k in lc}
            lichess_games.append(label)

    t = totals
    plies = sum(len(list(g.mainline_moves())) for _, g in games)

    def pct(a, b):
        return f"{100 * a / b:.0f} %" if b else "-"

    print()
    print(f"games {len(games)}, plies {plies}")
    print(f"time: built-in {sum(times['builtin']):.1f} s in all "
          f"(median {statistics.median(times['builtin']):.1f} s a game), "
          f"Stockfish depth {args.depth} {sum(times['sf']):.1f} s in all "
          f"(median {statistics.median(times['sf']):.1f} s a game)")
    print(f"Stockfish's mistakes and blunders: {t['ref_bad']}; the built-in engine calls "
          f"{t['bad_found']} of them a mistake or blunder ({pct(t['bad_found'], t['ref_bad'])}), "
          f"judges {t['bad_judged']} at all ({pct(t['bad_judged'], t['ref_bad'])})")
    print(f"built-in mistakes and blunders: {t['ours_bad']}; invented (Stockfish: no mistake "
          f"or blunder there): {t['bad_invented']} ({pct(t['bad_invented'], t['ours_bad'])})")
    print(f"Stockfish's inaccuracies: {t['ref_inacc']}; the built-in engine calls "
          f"{t['inacc_found']} of them an inaccuracy ({pct(t['inacc_found'], t['ref_inacc'])}), "
          f"judges {t['inacc_judged']} at all ({pct(t['inacc_judged'], t['ref_inacc'])})")
    print(f"built-in inaccuracies: {t['ours_inacc']}; invented (Stockfish: no judgement "
          f"there): {t['inacc_invented']} ({pct(t['inacc_invented'], t['ours_inacc'])})")
    names = {BLUNDER: "??", MISTAKE: "?", INACCURACY: "?!", 0: "none"}
    order = (BLUNDER, MISTAKE, INACCURACY, 0)
    print(f"each ply: Stockfish depth {args.depth} (rows) against the built-in engine (columns)")
    print("| SF \\ built-in | " + " | ".join(names[n] for n in order) + " |")
    print("|---|---|---|---|---|")
    for r in order:
        cells = ["-" if r == a == 0 else str(matrix.get((r, a), 0)) for a in order]
        print(f"| {names[r]} | " + " | ".join(cells) + " |")
    if acc_diff:
        print(f"accuracy, built-in minus Stockfish, over {len(acc_diff)} sides: mean "
              f"{statistics.mean(acc_diff):+.1f}, mean absolute "
              f"{statistics.mean(abs(d) for d in acc_diff):.1f}, range "
              f"{min(acc_diff):+d} to {max(acc_diff):+d} points")
    if lichess_games:
        l = lichess
        print(f"lichess's own judgements in the source ({', '.join(lichess_games)}) against "
              f"Stockfish depth {args.depth} through annabella: mistakes/blunders "
              f"{l['ref_bad']} in the reference, {l['bad_found']} also so in lichess's, "
              f"{l['bad_invented']} only in lichess's; inaccuracies {l['ref_inacc']}, "
              f"{l['inacc_found']} also, {l['inacc_invented']} only in lichess's")
    print(f"annotated PGNs in {args.out}/")


if __name__ == "__main__":
    main()
