#!/usr/bin/env python3
"""Records a contract tape again: sends every message of TAPE to the built bbfan, as `bbfan
verify` replays it, and writes what bbfan answers now.

Usage: rerecord_tape.py [--only METHOD,...] BBFAN TAPE [OUT]
       (OUT defaults to TAPE, rewritten in place)

Like `bbfan verify`, it starts on a fresh temporary data directory with --seed 1 and
--password-cost 1000, sends one message at a time (waiting for the reply of a request), and
starts a new process on the same data directory at each {"restart": true} line. A line whose
reply matches by the rule `bbfan verify` uses (a token of 64 hex digits matches any other, and
`dataDirectory` any string) is kept as it was, so only the replies that really changed are
rewritten. Use it only after checking, with `bbfan verify TAPE`, that
every reply that differs differs on purpose; say which in the commit. With --only, a line is
rewritten only when the message it sends (or an element of its batch) calls one of the METHODs
(such as `rpc.discover,service.info` after a schema or limit change); every other line is kept
as it was, whatever the new reply.
"""
import json
import pathlib
import re
import subprocess
import sys
import tempfile
import time


def segments(lines):
    """The tape's exchanges, split at restart lines."""
    current = []
    for line in lines:
        entry = json.loads(line)
        if entry.get("restart"):
            yield current, True
            current = []
        else:
            current.append(entry)
    yield current, False


def record(binary, data, out, entries):
    process = subprocess.Popen(
        [binary, "--seed", "1", "--password-cost", "1000", "--data-dir", data, "--log-level", "off",
         "serve", "--record", out],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    for entry in entries:
        process.stdin.write(entry["send"].encode("utf-8") + b"\n")
        process.stdin.flush()
        if entry.get("expect") is None:
            time.sleep(0.05)
            continue
        for _ in range(1 + len(entry.get("notifications", []))):
            if not process.stdout.readline():
                raise SystemExit(f"bbfan ended while answering {entry['send'][:80]}")
    process.stdin.close()
    process.stdout.read()
    if process.wait() != 0:
        raise SystemExit(f"bbfan exited with status {process.returncode}")


def normalized(value):
    """The value with what differs from run to run (ReplyComparison's rule) made equal."""
    if isinstance(value, dict):
        return {
            key: "<dataDirectory>" if key == "dataDirectory" and isinstance(item, str)
            else "<token>" if key == "token" and isinstance(item, str) and re.fullmatch("[0-9a-f]{64}", item)
            else normalized(item)
            for key, item in value.items()
        }
    if isinstance(value, list):
        return [normalized(item) for item in value]
    return value


def sent_methods(line):
    """The methods a tape line's message calls (each element's, for a batch)."""
    try:
        message = json.loads(json.loads(line).get("send", ""))
    except (ValueError, AttributeError):
        return set()
    elements = message if isinstance(message, list) else [message]
    return {element.get("method") for element in elements if isinstance(element, dict)}


def keep_unchanged(old_lines, new_lines, only=None):
    """new_lines, with each line that matches its old one by the rule replaced by the old one,
    and, with `only`, each line that calls none of those methods."""
    if len(old_lines) != len(new_lines):
        if only is not None:
            raise SystemExit("the tape has a different number of lines now: --only cannot apply")
        return new_lines
    return [old if normalized(json.loads(old)) == normalized(json.loads(new))
            or (only is not None and not sent_methods(old) & only) else new
            for old, new in zip(old_lines, new_lines)]


def main(arguments):
    only = None
    if len(arguments) >= 2 and arguments[0] == "--only":
        only = set(arguments[1].split(","))
        arguments = arguments[2:]
    if len(arguments) not in (2, 3):
        print(__doc__.strip(), file=sys.stderr)
        return 2
    binary, tape = arguments[0], pathlib.Path(arguments[1])
    target = pathlib.Path(arguments[2] if len(arguments) == 3 else arguments[1])
    lines = [line for line in tape.read_text(encoding="utf-8").splitlines() if line.strip()]
    with tempfile.TemporaryDirectory() as work:
        out = str(pathlib.Path(work) / "tape.jsonl")
        data = str(pathlib.Path(work) / "data")
        for entries, restart in segments(lines):
            record(binary, data, out, entries)
            if restart:
                with open(out, "a", encoding="utf-8") as handle:
                    handle.write('{"restart":true}\n')
        new_lines = pathlib.Path(out).read_text(encoding="utf-8").splitlines()
        target.write_text("\n".join(keep_unchanged(lines, new_lines, only)) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
