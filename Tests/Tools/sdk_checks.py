"""What the scripts that drive bbfan with a client SDK share: a tally of checks, and `bbfan call`
as another process on the same data directory.

A script calls `check(condition, what)` for each thing it checks and ends with `finish()`, which
prints one line per problem and `ok N of M`, and exits 1 when there is a problem.
"""

import json
import subprocess
import sys

problems = []
checks = 0


def check(condition, what):
    """Counts a check; records `what` as a problem when `condition` is false."""
    global checks
    checks += 1
    if not condition:
        problems.append(what)


def finish():
    """Prints the problems and the tally, and exits 1 when there was a problem."""
    for problem in problems:
        print(problem)
    print(f"ok {checks - len(problems)} of {checks}")
    sys.exit(1 if problems else 0)


def bbfan_call(binary, data_dir, method, params=None, environment=None):
    """The result of `bbfan call METHOD PARAMS` on `data_dir`, as another process would make it."""
    command = [binary, "call", method] + ([json.dumps(params)] if params is not None else [])
    command += ["--data-dir", data_dir, "--password-cost", "1000", "--log-level", "off"]
    done = subprocess.run(command, capture_output=True, text=True, env=environment)
    if done.returncode != 0:
        raise RuntimeError(f"bbfan call {method} failed: {done.stderr}")
    return json.loads(done.stdout)
