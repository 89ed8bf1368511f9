#!/usr/bin/env python3
"""Compare two bbfan builds row by row with Benchmarks/run.py's rows, each row with its own noise.

Usage: python3 Benchmarks/compare.py --baseline A --candidate B [--rounds N] [--only GROUP,...]
                                     [--quick] [--json PATH]

The groups are those of `run.py --only` (run.py's `group_rows`; this script measures nothing of
its own). Every round runs each chosen group three times, in the order A, B, A': the baseline,
the candidate, the baseline again. Nothing else is built or changed: give two built binaries
(run.py's build() makes the shipping one, a static release build).

What every row gets:
- baseline median: the median of the row's value over the 2N baseline runs (A and A' pooled);
- candidate median: the median over the N candidate runs;
- ratio: candidate median / baseline median;
- noise: the spread of the baseline's 2N runs, max / min - 1: the largest ratio between any two
  runs of the same binary, measured the same way as the candidate, interleaved with it, on the
  same machine at the same moment. It takes in A against A' in each round (the same binary again
  with one group run between, where B sits) and every other pair of baseline runs. Why the
  spread rather than the A'/A ratios alone: with few rounds the few A'/A ratios are themselves a
  matter of luck and often come out near 1, and a simulation with lognormal jitter and 10%
  outliers flags a same-binary row as slower 6% of the time at 3 rounds with the largest |A'/A - 1|
  against 2% with the spread (1.3% against 0.2% at 5 rounds); a full comparison has about 60
  rows. The cost: the spread grows a little with the rounds, so a small real slowdown on a
  noisy row stays "within noise"; the table says how much noise each row had.
- verdict: for rows where lower is better (times, sizes, memory, counts), "slower beyond noise"
  when ratio > 1 + noise and "faster beyond noise" when ratio < 1 / (1 + noise); for rows where
  higher is better (units ending in "/s": messages per second) the same bounds turned over (ratio
  < 1 / (1 + noise) is slower). Rows that are not times (bytes, MiB, requests) say "larger" or
  "smaller" instead of "slower" or "faster". Otherwise "within noise". A row measured for the
  baseline but missing for the candidate says "missing in candidate".

Why A, B, A': B is bracketed by two baseline runs, so a drift over a round (the other builds on
the machine starting or stopping, caches warming) moves the pooled baseline as much as it moves
B, and the baseline's runs before and after B show that drift in the noise. Each round repeats
the same order (B always in the middle) so that no build gets a position the other never has.

A row is a measure run.py prints, keyed by its name: bbfan's value (the first column). Where
run.py's baseline column is also a figure of bbfan (service.info beside favorites.top, one page
at a time beside the paged refresh, ...: BBFAN_BASELINES), it is a row of its own too, named
"measure [baseline's name]". Rows of foreign tools (jq, cat, curl, SQLite, pgbench) are not
compared: they do not change between builds. So that they cost no time, run.TIME_REFERENCES is
off while measuring: the catalog and rick-and-morty groups then skip timing jq (which takes most
of their time: about 150 s of the 180 s of a quick rick-and-morty run), still checking that
bbfan's answer is jq's.

Each binary gets a data directory of its own for the rows that use run.py's shared one (removed
at the end), so that a candidate that migrates its storage does not change the baseline's.

Exit status: 1 when a row is slower beyond noise or missing in the candidate (a row "larger beyond
noise", memory or a size, is reported but is not a slowdown); else 2 when a group could not run
(its rows are left out, the others reported) or a group's needs are missing; else 0. Ctrl-C stops
the measuring and reports the rounds completed so far.
Standard library only, as run.py (its groups' own needs apply: see run.py's docstring). How to
use it, and what each group needs: Benchmarks/COMPARING.md.
"""
import argparse
import glob
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import run  # noqa: E402  (Benchmarks/run.py: the rows and their groups)

# run.py's baseline columns that are figures of bbfan itself, compared as rows of their own.
BBFAN_BASELINES = {"service.info", "one at a time", "maxAge 0 (before)", "native episodes.get", "bbfan on SQLite"}

ORDER = (("A", "baseline"), ("B", "candidate"), ("A'", "baseline"))


def unit_of(name):
    """The unit in a measure's name: its last parenthesis, or its last word ("host requests")."""
    found = re.search(r"\(([^()]*)\)\s*$", name)
    if found:
        return found.group(1), name[:found.start()].rstrip()
    return name.split()[-1], name


def higher_is_better(unit):
    """Throughputs (msg/s) are better higher; times, sizes and counts lower."""
    return unit.endswith("/s")


def is_speed(unit):
    """Whether the row is a time or a rate (slower/faster) rather than a size or a count."""
    return unit.endswith("/s") or unit.split()[-1] in ("ms", "µs", "s")


def row_values(rows):
    """The bbfan figures of one group run: {(measure, bbfan baseline's name or None): value}, the
    first figure for each key."""
    values = {}
    for name, value, base_name, base in rows:
        values.setdefault((name, None), value)
        if base_name in BBFAN_BASELINES:
            values.setdefault((name, base_name), base)
    return values


def verdict(ratio, noise, unit):
    """The row's verdict, and whether it fails the comparison (slower beyond noise)."""
    epsilon = 1e-9
    above, below = ratio > (1 + noise) * (1 + epsilon), ratio < 1 / ((1 + noise) * (1 + epsilon))
    worse, better = (below, above) if higher_is_better(unit) else (above, below)
    slow, fast = ("slower", "faster") if is_speed(unit) else ("larger", "smaller")
    if worse:
        return f"{slow} beyond noise", is_speed(unit)
    if better:
        return f"{fast} beyond noise", False
    return "within noise", False


def noise_of(values):
    """The spread of the baseline's runs: max / min - 1 (infinite when some are 0 and some not)."""
    if max(values) == min(values):
        return 0.0
    if min(values) <= 0:
        return float("inf")
    return max(values) / min(values) - 1


def number(value):
    """A figure with as many decimals as its size deserves."""
    if value is None:
        return "-"
    if abs(value) >= 1000:
        return f"{value:.0f}"
    if abs(value) >= 10:
        return f"{value:.1f}"
    return f"{value:.3f}"


def missing_requirements(groups):
    """What the chosen groups need that this machine lacks, as sentences."""
    problems = []

    def module(name):
        try:
            __import__(name)
            return True
        except ImportError:
            return False

    needs = {"exports": [("img2pdf", lambda: module("img2pdf"), "python3 -m pip install img2pdf")],
             "mcp": [("the Python MCP SDK", lambda: module("mcp.server.mcpserver"), "python3 -m pip install mcp")],
             "postgres": [("PostgreSQL's server and pgbench",
                           lambda: any(os.path.exists(os.path.join(d, "initdb")) and
                                       os.path.exists(os.path.join(d, "pgbench"))
                                       for d in glob.glob("/usr/lib/postgresql/*/bin")),
                           "apt-get install postgresql")]}
    tools = {"jq": ("cold", "pipe", "libcurl", "catalog", "rick-and-morty"), "curl": ("http",),
             "taskset": ("rtt", "mcp", "cpu")}
    for group in groups:
        for what, present, fix in needs.get(group, []):
            if not present():
                problems.append(f"group {group} needs {what} ({fix})")
    for tool, users in tools.items():
        wanting = [g for g in groups if g in users]
        if wanting and shutil.which(tool) is None:
            problems.append(f"groups {', '.join(wanting)} need {tool}")
    return problems


def measure(groups, binaries, rounds, quick, log):
    """Runs every group for the builds in the order A, B, A', `rounds` times. Returns
    {group: [(values of A, values of B, values of A'), ...]} for the complete rounds, the
    seconds each group run took, and {group: error} for the groups that failed."""
    results = {group: [] for group in groups}
    seconds = {group: [] for group in groups}
    failed = {}
    shared = run.DATA_DIR
    run.TIME_REFERENCES = False
    directories = {role: tempfile.mkdtemp(prefix=f"bbfan-compare-{role}-") for role in binaries}
    try:
        for role, binary in binaries.items():
            # The data directory is made before the first timed run, not inside it.
            made = subprocess.run([binary, "call", "service.info", "--data-dir", directories[role]],
                                  stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL)
            if made.returncode != 0:
                failed["every group"] = (f"the {role} does not start: `{binary} call service.info` exited with "
                                         f"{made.returncode} {made.stderr.decode(errors='replace').strip()[:300]}")
                log(failed["every group"])
                return results, seconds, failed
        for round_number in range(1, rounds + 1):
            for group in groups:
                if group in failed:
                    continue
                triple = []
                for slot, role in ORDER:
                    run.DATA_DIR = directories[role]
                    start = time.perf_counter()
                    try:
                        rows = run.group_rows(binaries[role], quick)[group]()
                    except KeyboardInterrupt:
                        log("interrupted: the rounds completed so far are reported")
                        return results, seconds, failed
                    except Exception as error:  # a group that cannot run is reported, the rest go on
                        failed[group] = (f"failed in round {round_number} at {slot} ({role}): "
                                         f"{type(error).__name__}: {error}")
                        log(f"group {group} {failed[group]}")
                        break
                    elapsed = time.perf_counter() - start
                    seconds[group].append(elapsed)
                    triple.append(row_values(rows))
                    log(f"round {round_number}/{rounds} {group:<15} {slot:<2} {role:<9} {elapsed:7.1f} s")
                if len(triple) == len(ORDER):
                    results[group].append(tuple(triple))
    finally:
        run.DATA_DIR = shared
        run.TIME_REFERENCES = True
        for directory in directories.values():
            shutil.rmtree(directory, ignore_errors=True)
    return results, seconds, failed


def summarize(results, failed):
    """One entry per row: its figures, medians, ratio, noise and verdict."""
    summary = []
    for group, triples in results.items():
        if group in failed or not triples:
            continue
        keys = []
        for first, _, _ in triples:
            keys += [key for key in first if key not in keys]
        for key in keys:
            a = [t[0][key] for t in triples if key in t[0] and key in t[2]]
            a_again = [t[2][key] for t in triples if key in t[0] and key in t[2]]
            b = [t[1][key] for t in triples if key in t[1]]
            unit, label = unit_of(key[0])
            if key[1] is not None:
                label += f" [{key[1]}]"
            entry = {"row": label, "unit": unit, "group": group, "baseline": a, "baseline_again": a_again,
                     "candidate": b}
            if not a:
                continue
            base = statistics.median(a + a_again)
            entry["baseline_median"] = base
            entry["noise"] = noise_of(a + a_again)
            entry["self_ratios"] = [again / first if first else None for first, again in zip(a, a_again)]
            if not b:
                entry.update(candidate_median=None, ratio=None, verdict="missing in candidate", regression=True)
            else:
                entry["candidate_median"] = statistics.median(b)
                entry["ratio"] = entry["candidate_median"] / base if base else None
                if base:
                    entry["verdict"], entry["regression"] = verdict(entry["ratio"], entry["noise"], unit)
                elif entry["candidate_median"]:
                    # From 0 (no host requests, say) to more: beyond any ratio.
                    entry["verdict"], entry["regression"] = verdict(float("inf"), entry["noise"], unit)
                else:
                    entry["verdict"], entry["regression"] = "within noise", False
            summary.append(entry)
    return summary


def table(summary):
    """The Markdown table of the rows."""
    lines = ["| row | unit | baseline median | candidate median | ratio | noise | verdict |",
             "| --- | --- | ---: | ---: | ---: | ---: | --- |"]
    for entry in summary:
        ratio = "-" if entry.get("ratio") is None else f"{entry['ratio']:.3f}"
        lines.append(f"| {entry['row']} | {entry['unit']} | {number(entry['baseline_median'])} | "
                     f"{number(entry.get('candidate_median'))} | {ratio} | {entry['noise'] * 100:.1f}% | "
                     f"{entry['verdict']} |")
    return "\n".join(lines)


def main():
    parser = argparse.ArgumentParser(description="Compare two bbfan builds with run.py's rows, each row "
                                                 "with its noise (the baseline against itself).")
    parser.add_argument("--baseline", required=True, help="the bbfan binary before")
    parser.add_argument("--candidate", required=True, help="the bbfan binary after")
    parser.add_argument("--rounds", type=int, default=5, help="rounds of A, B, A' (default 5)")
    parser.add_argument("--only", help="comma-separated groups of run.py --only (default: all of them): "
                        + ", ".join(run.GROUPS))
    parser.add_argument("--quick", action="store_true", help="run.py's --quick sizes")
    parser.add_argument("--json", help="also write every figure of every run to this file")
    args = parser.parse_args()

    groups = run.GROUPS if not args.only else [g.strip() for g in args.only.split(",") if g.strip()]
    unknown = [g for g in groups if g not in run.GROUPS]
    if unknown:
        parser.error(f"unknown group(s) {', '.join(unknown)}; choose from {', '.join(run.GROUPS)}")
    if args.rounds < 1:
        parser.error("--rounds must be at least 1")
    binaries = {}
    for role in ("baseline", "candidate"):
        path = os.path.abspath(getattr(args, role))
        if not (os.path.isfile(path) and os.access(path, os.X_OK)):
            parser.error(f"--{role} {path} is not an executable file")
        binaries[role] = path
    problems = missing_requirements(groups)
    if problems:
        for problem in problems:
            print(f"compare.py: {problem}", file=sys.stderr)
        return 2

    def log(message):
        print(message, file=sys.stderr, flush=True)

    started = time.perf_counter()
    results, seconds, failed = measure(groups, binaries, args.rounds, args.quick, log)
    summary = summarize(results, failed)
    minutes = (time.perf_counter() - started) / 60

    command = " ".join(["python3 Benchmarks/compare.py"] + sys.argv[1:])
    print(f"Command: `{command}`  ")
    print(f"Baseline: `{binaries['baseline']}`; candidate: `{binaries['candidate']}`  ")
    print(f"Rounds: {args.rounds}, each group in the order A, B, A'{' (--quick sizes)' if args.quick else ''}; "
          f"{minutes:.1f} minutes. Noise: the spread of the baseline's runs, max / min - 1.")
    if args.rounds < 3:
        print(f"With {args.rounds} round(s) each row's noise rests on {2 * args.rounds} baseline runs: a smoke "
              "test, not a result (use 5 rounds).")
    print()
    print(table(summary))
    print()
    print("Seconds per run of each group (median): "
          + ", ".join(f"{g} {statistics.median(s):.0f}" for g, s in seconds.items() if s))
    for group, error in failed.items():
        print(f"Not measured: {group}: {error}")
    if args.json:
        with open(args.json, "w") as handle:
            json.dump({"command": command, "baseline": binaries["baseline"], "candidate": binaries["candidate"],
                       "rounds": args.rounds, "quick": args.quick, "order": [slot for slot, _ in ORDER],
                       "groups": groups, "seconds": seconds, "failed": failed, "rows": summary}, handle, indent=1)
    if any(entry["regression"] for entry in summary):
        return 1
    return 2 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
