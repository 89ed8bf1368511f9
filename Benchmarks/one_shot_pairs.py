#!/usr/bin/env python3
"""One-shot `bbfan call`s of two or more builds against the static hello, run one by one in turn.

Usage: python3 Benchmarks/one_shot_pairs.py [--runs N] --data-dir DIR HELLO BUILD [BUILD ...]
           METHOD PARAMS

Each round runs the hello once, then `BUILD call METHOD PARAMS --data-dir DIR` of each build once,
every process started with posix_spawn (stdin, stdout and stderr on /dev/null) and its CPU time
(user + system, its own, from wait4) taken. A process's CPU time moves less with the other work on
a shared machine than its wall clock, and running the programs in turn, round after round, gives
each the same machine. It prints the medians, each build's median against the hello's, and the
median of the per-round ratios of the first build to the second (a paired comparison).

Copy each binary first (`install -m 0755` or `cp`): a file the linker has just written costs more
to start than the same bytes copied (see Benchmarks/README.md, issue 38's sixth pass), and users
start copies. `Benchmarks/run.py --only one-shot` measures issue 38's calls this way too, in
blocks, against the hello it builds.
"""
import argparse
import os
import statistics


def cpu_time(command, devnull):
    """The CPU time, in seconds, of one run of `command`."""
    pid = os.posix_spawn(command[0], command, dict(os.environ, BBFAN_PUBLIC_SOURCES="off"),
                         file_actions=[(os.POSIX_SPAWN_DUP2, devnull, 0),
                                       (os.POSIX_SPAWN_DUP2, devnull, 1),
                                       (os.POSIX_SPAWN_DUP2, devnull, 2)])
    _, status, usage = os.wait4(pid, 0)
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"{command} exited with status {status}")
    return usage.ru_utime + usage.ru_stime


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=300)
    parser.add_argument("--data-dir", required=True)
    parser.add_argument("programs", nargs="+", help="HELLO BUILD [BUILD ...] METHOD PARAMS")
    arguments = parser.parse_args()
    if len(arguments.programs) < 4:
        parser.error("give the hello, at least one build, the method and its params")
    hello, *builds, method, params = arguments.programs
    devnull = os.open(os.devnull, os.O_RDWR)
    floor = []
    times = {build: [] for build in builds}
    for _ in range(arguments.runs):
        floor.append(cpu_time([hello], devnull))
        for build in builds:
            times[build].append(cpu_time(
                [build, "call", method, params, "--data-dir", arguments.data_dir], devnull))
    hello_median = statistics.median(floor)
    print(f"{method} {params}: hello {hello_median * 1e3:.2f} ms CPU")
    for build in builds:
        median = statistics.median(times[build])
        print(f"  {build}: {median * 1e3:.2f} ms CPU, {median / hello_median:.2f}x the hello")
    if len(builds) >= 2:
        first, second = builds[0], builds[1]
        paired = statistics.median(a / b for a, b in zip(times[first], times[second]))
        print(f"  {first} / {second}, paired by round: {paired:.3f}")


if __name__ == "__main__":
    main()
