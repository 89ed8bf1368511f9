#!/usr/bin/env python3
"""bbfan benchmarks: each figure beside a baseline measured in the same run, reported as a ratio.

Usage: python3 Benchmarks/run.py [--binary PATH] [--quick] [--only GROUP]

Builds the statically linked release binary (unless --binary is given), then measures:
  1. round-trip latency of service.info and episodes.get, one request at a time, against `cat`
     as an echo server driven by the same client (the pipe floor), with the client on one core
     and the server on the other (`--only rtt`);
  2. pipelined throughput of 100,000 service.info requests against `jq -c .` reading the same
     request lines, the two alternating, five times each (`--only pipe`: 20,000 of them, seven
     times each);
  3. a cold `bbfan call service.info` against `jq -n 1` (process start-up; `--only cold`,
     the two alternating), and the same with libcurl
     loaded into bbfan (LD_PRELOAD: what linking it, rather than loading it on the first
     transfer, would add to every start);
  4. issue 38's one-shot catalog calls (`--only one-shot`: episodes.filter, characters.filter on
     both universes, episodes.get) against a static Swift "hello" (`swiftc -O -static-stdlib`
     and the shipping build's SPEED_FLAGS, built by this script into .build-hello), the two
     alternating, both installed copies; wall clock and CPU time; on an empty data directory,
     on one whose database holds an account, and on one holding a saved Breaking Bad refresh
     (from the test server on 127.0.0.1), each database left alone for 2.5 s first, so that it
     is stamped (Docs/Storage.md) as a data directory between changes is;
  5. accounts: pipelined favorites.toggle against raw SQLite doing the same transactions from
     Python; favorites.top with 10,000 users holding 20 favourites each against service.info
     on the same connection; one auth.login at the default cost (600,000 iterations) against
     Python's hashlib.pbkdf2_hmac (C) at the same cost;
  6. the live source (`--only http`): a whole `bbfan call catalog.refresh` against the test server
     (Tests/Tools/fake_api.py on 127.0.0.1), first fetch and conditional (3 x 304), and
     images.fetch of a 200 KB image, downloaded and revalidated, against curl fetching the same
     URLs in one process; and a list of 62 images drawn again in a running service, answered from
     the cache (no request to the host) against revalidating each (maxAge 0, the rule before wave
     3), the host's requests for each, and the list with the host down (stale copies);
  9. the paged refresh (`--only paged`): a whole `bbfan call catalog.refresh` of Rick and Morty
     (52 pages) against the test server answering each request after 150 ms (scenario
     slow-150), first fetch and all unchanged (52 x 304), with the pages side by side
     (--http-concurrency 6, the default) against one at a time (--http-concurrency 1, what a
     refresh did before), the two alternating on data directories of their own;
  4. the catalog: pipelined and cold `episodes.filter {"season":2}` against jq computing the
     same answer (same records, same order) from the raw Data/breaking-bad/episodes.json; the
     script checks that both answers are equal before it times them;
  8. exports: characters.export in a running service, a CSV row against Python's csv module
     writing the same row, and a PDF card from a cached JPEG against img2pdf (PyPI; install it
     with python3 -m pip install img2pdf) wrapping the same JPEG, each file written the same way
     (synced, renamed); and the card's size against the JPEG's;
  7. Rick and Morty: the cold start of a call that loads the universe (characters.get) against
     a cold service.info (the wave-1 start, which does not load it), pipelined and cold
     `characters.filter {"universe":"rick-and-morty","species":"Alien"}` against jq computing
     the same answer (records with episodeCount from both sides of the links, same order) from
     the raw Data/rick-and-morty files, and the peak memory of the pipelined run.
`--only` also offers the full run's other parts on their own, with the full run's sizes:
`libcurl` (the cold call with libcurl loaded, against a cold `jq -n 1` measured beside it),
`memory` (peak memory of the pipelined service.info run), `catalog` (4.) and `rick-and-morty`
(7.), each with its peak memory as a row, `accounts` (5.) and `exports` (8.); besides `quizzes`,
`postgres` (with `--quick`, 500 toggles a process rather than 2,000) and `mcp`, `overtaking` (a
quick call written right after the worst request the params' bounds allow, against the same call
on the idle service; also in the full run), and `cpu`, which
only `--only` runs (the server's own CPU per request).
Benchmarks/compare.py runs these groups for two builds alternately (Benchmarks/COMPARING.md).
Standard library only, except: the exports group needs img2pdf, the mcp group the Python MCP
SDK, the postgres group PostgreSQL's server and pgbench. Timings are wall-clock on a shared
machine: compare the ratios, not the absolute numbers, and re-run when in doubt.
"""
import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
REQUEST = b'{"jsonrpc":"2.0","method":"service.info","id":1}\n'
# The data directory of the rows that need no data of their own (Benchmarks/compare.py gives each
# binary its own).
DATA_DIR = "/tmp/bbfan-bench"
# False (Benchmarks/compare.py, which compares bbfan's figures only) skips timing jq where jq takes
# most of a group's time (catalog, rick-and-morty): its column then says 0. Both answers are still
# checked to be equal.
TIME_REFERENCES = True


def build():
    """The shipping build: release, with the Swift runtime linked in (one self-contained file)."""
    command = ["swift", "build", "-c", "release", "--static-swift-stdlib", "--product", "bbfan",
               "--scratch-path", os.path.join(ROOT, ".build-static")]
    subprocess.run(command, cwd=ROOT, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    out = subprocess.run(["swift", "build", "-c", "release", "--scratch-path", os.path.join(ROOT, ".build-static"),
                          "--show-bin-path"], cwd=ROOT, check=True, capture_output=True, text=True).stdout.strip()
    return os.path.join(out, "bbfan")


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def round_trips(command, count, request=REQUEST, preamble=(), expect=None, warmup=200):
    """Microseconds per request/reply pair, one in flight at a time, after `warmup` pairs (they
    warm caches up) and after the preamble's requests are answered (lines sent first, such as
    MCP's initialize; notifications in it get no reply). With `expect`, every reply must hold
    those bytes."""
    proc = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                            bufsize=0)
    fd_in, fd_out = proc.stdin.fileno(), proc.stdout.fileno()
    pending = b""

    def read_line():
        nonlocal pending
        while b"\n" not in pending:
            chunk = os.read(fd_out, 65536)
            if not chunk:
                raise RuntimeError(f"{command[0]} closed its output")
            pending += chunk
        line, pending = pending.split(b"\n", 1)
        return line

    for line in preamble:
        os.write(fd_in, line)
        if b'"id"' in line:
            read_line()
    samples = []
    for _ in range(count + warmup):
        start = time.perf_counter()
        os.write(fd_in, request)
        line = read_line()
        samples.append((time.perf_counter() - start) * 1e6)
        if expect is not None and expect not in line:
            raise RuntimeError(line[:300])
    proc.stdin.close()
    proc.wait()
    return samples[warmup:]


class Service:
    """A running `bbfan serve` (or any JSON-RPC command) that a benchmark writes requests to and
    reads the reply to a given id from, skipping the others."""

    def __init__(self, command):
        self.proc = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL, bufsize=0)
        self.pending = b""

    def send(self, data):
        os.write(self.proc.stdin.fileno(), data)

    def reply_to(self, wanted):
        while True:
            while b"\n" not in self.pending:
                chunk = os.read(self.proc.stdout.fileno(), 65536)
                if not chunk:
                    raise RuntimeError("bbfan closed its output")
                self.pending += chunk
            line, self.pending = self.pending.split(b"\n", 1)
            if json.loads(line).get("id") == wanted:
                return line

    def close(self):
        self.proc.stdin.close()
        self.proc.wait()

    def kill(self):
        self.proc.kill()
        self.proc.wait()


def worst_request(request_id):
    """The most expensive request the params' bounds allow, as far as the benchmark knows: Rick
    and Morty's characters searched by a name and a species each as long as their schema allows
    (or 256 characters where the schema gives no bound), matching nothing."""
    with open(os.path.join(ROOT, "Schemas", "characters.filter.json")) as handle:
        properties = json.load(handle)["params"]["properties"]
    params = {"universe": "rick-and-morty"}
    for member in ("name", "species"):
        length = properties[member].get("maxLength", 256)
        params[member] = ("Heisenberg Pinkman " * (length // 19 + 1))[:length]
    return json.dumps({"jsonrpc": "2.0", "id": request_id, "method": "characters.filter",
                       "params": params}).encode() + b"\n"


def overtaking_rows(serve, rounds):
    """A quick call written right after the worst request the bounds allow (in the same write),
    against the same call on the idle service, alternating: microseconds from the write to the
    quick call's reply, median over `rounds` each (the worst request's own reply is read before
    the next round)."""
    service = Service(serve)
    quick = {"service.info": b'{"jsonrpc":"2.0","id":"q","method":"service.info"}\n',
             "episodes.get": b'{"jsonrpc":"2.0","id":"q","method":"episodes.get","params":{"id":1}}\n'}
    worst = worst_request("w")
    # Loads both catalogs and warms up.
    service.send(worst)
    service.reply_to("w")
    rows = []
    for name, request in quick.items():
        behind, idle = [], []
        for _ in range(rounds):
            start = time.perf_counter()
            service.send(request)
            service.reply_to("q")
            idle.append((time.perf_counter() - start) * 1e6)
            start = time.perf_counter()
            service.send(worst + request)
            service.reply_to("q")
            behind.append((time.perf_counter() - start) * 1e6)
            service.reply_to("w")
        rows.append((f"{name} right after the worst request p50 (us)", statistics.median(behind),
                     f"{name} idle", statistics.median(idle)))
    start = time.perf_counter()
    service.send(worst)
    service.reply_to("w")
    rows.append(("the worst request alone (us)", (time.perf_counter() - start) * 1e6, "-", 0))
    service.close()
    return rows + hanging_images_rows(serve, rounds)


def hanging_images_rows(serve, rounds):
    """`episodes.filter {"season":2}` while 30 images.fetch wait on a host that takes the
    connection and never answers (a socket on 127.0.0.1 that listens and never accepts), against
    the same call on the idle service, alternating rounds: microseconds per round trip, median."""
    import socket
    host = socket.socket()
    host.bind(("127.0.0.1", 0))
    host.listen(128)
    port = host.getsockname()[1]
    service = Service(serve + ["--http-timeout", "600"])
    call = b'{"jsonrpc":"2.0","id":"q","method":"episodes.filter","params":{"season":2}}\n'

    def timed(count):
        samples = []
        for _ in range(count):
            start = time.perf_counter()
            service.send(call)
            service.reply_to("q")
            samples.append((time.perf_counter() - start) * 1e6)
        return samples

    timed(50)
    idle = timed(rounds)
    for index in range(30):
        service.send(json.dumps({"jsonrpc": "2.0", "id": f"img-{index}", "method": "images.fetch",
                                 "params": {"url": f"http://127.0.0.1:{port}/{index}.png"}}).encode() + b"\n")
    busy = timed(rounds)
    service.kill()
    host.close()
    return [("episodes.filter while 30 images hang p50 (us)", statistics.median(busy),
             "the same, idle", statistics.median(idle))]

def pipelined(command, lines):
    """Messages per second for a client that writes everything, then reads everything."""
    payload = b"".join(lines)
    start = time.perf_counter()
    proc = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    out, _ = proc.communicate(payload)
    elapsed = time.perf_counter() - start
    replies = out.count(b"\n")
    if replies != len(lines):
        raise RuntimeError(f"{command[0]} answered {replies} of {len(lines)}")
    return len(lines) / elapsed


def peak_memory_kib(command, lines):
    """Peak resident memory (VmHWM) of the service over a pipelined run.

    rusage's ru_maxrss is no use here: a child forked or spawned from this script starts with
    this script's high-water mark (it holds all the request lines). VmHWM belongs to the address
    space the child gets at exec, and only rises, so the last value read before exit is the peak."""
    proc = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    peak = 0

    def sample():
        nonlocal peak
        try:
            with open(f"/proc/{proc.pid}/status") as status:
                for line in status:
                    if line.startswith("VmHWM:"):
                        peak = max(peak, int(line.split()[1]))
        except (FileNotFoundError, ProcessLookupError, ValueError):
            pass

    payload = b"".join(lines)
    for start in range(0, len(payload), 1 << 20):
        proc.stdin.write(payload[start:start + (1 << 20)])
        sample()
    proc.stdin.close()
    while proc.poll() is None:
        sample()
        time.sleep(0.001)
    return peak


def cold(command, count, env=None):
    """Milliseconds per run of a whole process."""
    samples = []
    for _ in range(count + 3):
        start = time.perf_counter()
        subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True, env=env,
                       stdin=subprocess.DEVNULL)
        samples.append((time.perf_counter() - start) * 1e3)
    return samples[3:]


EPISODES = os.path.join(ROOT, "Data", "breaking-bad", "episodes.json")
# The records of episodes.filter, computed by jq from the API's raw shape.
JQ_EPISODES = (
    '[$e[] | select((.season|gsub(" ";"")|tonumber) == $season) | {id: .episode_id, title, '
    'series: (if .series == "Breaking Bad" then "breaking-bad" else "better-call-saul" end), '
    'season: (.season|gsub(" ";"")|tonumber), episode: (.episode|tonumber), '
    'airDate: (.air_date|split("-")|"\\(.[2])-\\(.[0])-\\(.[1])")}] '
    '| sort_by(.series != "breaking-bad", .season, .episode) '
    '| map({id, universe: "breaking-bad", title, series, season, episode, airDate})')
JQ_PIPELINED = ('. as $r | $r.params.season as $season | ' + JQ_EPISODES
                + ' | {jsonrpc: "2.0", id: $r.id, result: {episodes: ., total: length, nextCursor: null}}')
JQ_COLD = '. as $e | 2 as $season | ' + JQ_EPISODES + ' | {episodes: ., total: length, nextCursor: null}'

RM = os.path.join(ROOT, "Data", "rick-and-morty")
# The records of characters.filter {universe: rick-and-morty, species: Alien}, computed by jq
# from the raw files: a character's episodes are those it lists and those that list it.
JQ_ALIENS = (
    'def place: {locationId: (if .url == "" then null else (.url | split("/") | last | tonumber) end), name}; '
    'def status: if . == "Alive" then "alive" elif . == "Dead" then "deceased" else "unknown" end; '
    '(reduce $eps[0][] as $e ({}; reduce ($e.characters[] | split("/") | last) as $c (.; .[$c] += [$e.id]))) '
    'as $listed | [$c[] | select(.species | ascii_downcase | contains("alien")) '
    '| {id, universe: "rick-and-morty", name, status: (.status | status), species, '
    'type: (if .type == "" then null else .type end), gender, origin: (.origin | place), '
    'location: (.location | place), imageURL: .image, episodeCount: ((([.episode[] | split("/") | last '
    '| tonumber]) + ($listed[.id | tostring] // [])) | unique | length)}] '
    '| sort_by((.name | ascii_downcase), .id) | {characters: ., total: length, nextCursor: null}')
ALIENS = '{"universe":"rick-and-morty","species":"Alien"}'


def rick_and_morty_rows(binary, serve, count, runs):
    lines = [b'{"jsonrpc":"2.0","method":"characters.filter","params":%s,"id":%d}\n'
             % (ALIENS.encode(), i) for i in range(count)]
    characters = os.path.join(RM, "characters.json")
    episodes = os.path.join(RM, "episodes.json")
    jq_cold = ["jq", "-c", "--slurpfile", "eps", episodes, ". as $c | " + JQ_ALIENS, characters]
    jq_pipe = ["jq", "-c", "--slurpfile", "eps", episodes, "--slurpfile", "all", characters,
               "$all[0] as $c | . as $r | " + JQ_ALIENS + " | {jsonrpc: \"2.0\", id: $r.id, result: .}"]
    ours = subprocess.run(serve, input=lines[0], capture_output=True, check=True).stdout
    theirs = subprocess.run(jq_pipe, input=lines[0], capture_output=True, check=True).stdout
    if json.loads(ours) != json.loads(theirs):
        raise RuntimeError("bbfan and jq disagree on characters.filter species Alien")
    cold_ours = subprocess.run([binary, "call", "characters.filter", ALIENS], capture_output=True,
                               check=True).stdout
    cold_theirs = subprocess.run(jq_cold, capture_output=True, check=True).stdout
    if json.loads(cold_ours) != json.loads(cold_theirs):
        raise RuntimeError("bbfan call and jq disagree on characters.filter species Alien")
    rows = []
    start = cold([binary, "call", "characters.get", '{"universe":"rick-and-morty","id":1}'], runs)
    info = cold([binary, "call", "service.info"], runs)
    rows.append(("R&M first call cold p50 (ms)", statistics.median(start), "service.info", statistics.median(info)))
    rows.append((f"R&M characters.filter pipelined {count} (msg/s)", pipelined(serve, lines), "jq, same answer",
                 pipelined(jq_pipe, lines) if TIME_REFERENCES else 0.0))
    call = cold([binary, "call", "characters.filter", ALIENS], runs)
    jq = cold(jq_cold, runs) if TIME_REFERENCES else [0.0]
    rows.append(("R&M characters.filter cold p50 (ms)", statistics.median(call), "jq, same answer",
                 statistics.median(jq)))
    return rows, peak_memory_kib(serve, lines)


def catalog_rows(binary, serve, count, runs):
    import json
    lines = [b'{"jsonrpc":"2.0","method":"episodes.filter","params":{"season":2},"id":%d}\n' % i
             for i in range(count)]
    jq_pipe = ["jq", "-c", "--slurpfile", "all", EPISODES, "($all[0]) as $e | " + JQ_PIPELINED]
    ours = subprocess.run(serve, input=lines[0], capture_output=True, check=True).stdout
    theirs = subprocess.run(jq_pipe, input=lines[0], capture_output=True, check=True).stdout
    if json.loads(ours) != json.loads(theirs):
        raise RuntimeError("bbfan and jq disagree on episodes.filter {season: 2}")
    cold_ours = subprocess.run([binary, "call", "episodes.filter", '{"season":2}'], capture_output=True,
                               check=True).stdout
    cold_theirs = subprocess.run(["jq", "-c", JQ_COLD, EPISODES], capture_output=True, check=True).stdout
    if json.loads(cold_ours) != json.loads(cold_theirs):
        raise RuntimeError("bbfan call and jq disagree on episodes.filter {season: 2}")
    rows = [(f"episodes.filter pipelined {count} (msg/s)", pipelined(serve, lines), "jq, same answer",
             pipelined(jq_pipe, lines) if TIME_REFERENCES else 0.0)]
    call = cold([binary, "call", "episodes.filter", '{"season":2}'], runs)
    jq = cold(["jq", "-c", JQ_COLD, EPISODES], runs) if TIME_REFERENCES else [0.0]
    rows.append(("episodes.filter cold p50 (ms)", statistics.median(call), "jq, same answer", statistics.median(jq)))
    return rows, peak_memory_kib(serve, lines)


def account_rows(binary):
    import json, shutil, sqlite3, tempfile
    rows = []
    directory = tempfile.mkdtemp(prefix="bbfan-bench-")
    try:
        serve = [binary, "--log-level", "off", "--data-dir", directory, "--password-cost", "1000"]
        register = ('{"jsonrpc":"2.0","id":0,"method":"auth.register","params":{"username":"walt",'
                    '"password":"Heisenberg1!","passwordConfirmation":"Heisenberg1!"}}\n').encode()
        subprocess.run(serve, input=register, capture_output=True, check=True)
        quotes = list(range(1, 31)) + list(range(63, 103))
        toggles = [b'{"jsonrpc":"2.0","id":%d,"method":"favorites.toggle","params":{"quoteId":%d}}\n'
                   % (i + 1, quotes[i % len(quotes)]) for i in range(5000)]
        ours = pipelined(serve, toggles)
        # The same transactions straight into SQLite (WAL, synchronous=NORMAL), from Python.
        db = sqlite3.connect(os.path.join(directory, "raw.sqlite3"), isolation_level=None)
        db.execute("PRAGMA journal_mode=WAL"); db.execute("PRAGMA synchronous=NORMAL")
        db.execute("CREATE TABLE f (id INTEGER PRIMARY KEY, u INTEGER, q INTEGER, t INTEGER, UNIQUE (u, q))")
        db.execute("CREATE TABLE c (q INTEGER PRIMARY KEY, n INTEGER)")
        start = time.perf_counter()
        for i in range(5000):
            q = quotes[i % len(quotes)]
            db.execute("BEGIN IMMEDIATE")
            if db.execute("DELETE FROM f WHERE u = 1 AND q = ?", (q,)).rowcount:
                db.execute("UPDATE c SET n = n - 1 WHERE q = ?", (q,))
            else:
                db.execute("INSERT INTO f (u, q, t) VALUES (1, ?, 0)", (q,))
                db.execute("INSERT INTO c (q, n) VALUES (?, 1) ON CONFLICT (q) DO UPDATE SET n = n + 1", (q,))
            db.execute("SELECT n FROM c WHERE q = ?", (q,)).fetchone()
            db.execute("COMMIT")
        raw = 5000 / (time.perf_counter() - start)
        db.close()
        rows.append(("favorites.toggle pipelined 5000 (msg/s)", ours, "raw SQLite", raw))

        # 10,000 users with 20 favourites each, written straight into bbfan's own database.
        db = sqlite3.connect(os.path.join(directory, "bbfan.sqlite3"), isolation_level=None)
        db.execute("BEGIN")
        import random
        generator = random.Random(1)
        counts = {}
        for user in range(2, 10002):
            db.execute("INSERT INTO users (id, username, username_key, password_hash, created_at) "
                       "VALUES (?, ?, ?, 'x', 0)", (user, f"u{user}", f"u{user}"))
            for q in generator.sample(quotes, 20):
                db.execute("INSERT INTO favorites (user_id, universe, quote_id, created_at) "
                           "VALUES (?, 'breaking-bad', ?, 0)", (user, q))
                counts[q] = counts.get(q, 0) + 1
        for q, n in counts.items():
            db.execute("INSERT INTO favorite_counts (universe, quote_id, count) VALUES ('breaking-bad', ?, ?) "
                       "ON CONFLICT (universe, quote_id) DO UPDATE SET count = count + excluded.count", (q, n))
        db.execute("COMMIT")
        db.close()
        top = round_trips(serve, 2000, b'{"jsonrpc":"2.0","id":1,"method":"favorites.top"}\n')
        floor = round_trips(serve, 2000, REQUEST)
        rows.append(("favorites.top, 10k users x 20 (p50 µs)", statistics.median(top), "service.info",
                     statistics.median(floor)))
        rows.append(("favorites.top, 10k users x 20 (p99 µs)", percentile(top, 0.99), "service.info",
                     percentile(floor, 0.99)))

        # One login at the default cost.
        slow = [binary, "--log-level", "off", "--data-dir", os.path.join(directory, "slow")]
        subprocess.run(slow, input=register, capture_output=True, check=True)
        login = ('{"jsonrpc":"2.0","id":1,"method":"auth.login","params":{"username":"walt",'
                 '"password":"Heisenberg1!"}}\n').encode()
        times = []
        for _ in range(5):
            start = time.perf_counter()
            out = subprocess.run(slow, input=login, capture_output=True, check=True).stdout
            times.append((time.perf_counter() - start) * 1e3)
            assert b'"token"' in out, out
        import hashlib
        python = []
        for _ in range(5):
            start = time.perf_counter()
            hashlib.pbkdf2_hmac("sha256", b"Heisenberg1!", b"0123456789abcdef", 600000, 32)
            python.append((time.perf_counter() - start) * 1e3)
        rows.append(("auth.login at 600,000 iterations (ms)", statistics.median(times), "hashlib (C)",
                     statistics.median(python)))
    finally:
        shutil.rmtree(directory, ignore_errors=True)
    return rows


def quiz_rows(binary):
    """quizzes.list's first page in a collection of 10,000 quizzes, against the same queries in
    raw SQLite from Python (the count, the page, the page's facts)."""
    import shutil, sqlite3, tempfile
    rows = []
    directory = tempfile.mkdtemp(prefix="bbfan-bench-quizzes-")
    try:
        serve = [binary, "--log-level", "off", "--data-dir", directory, "--password-cost", "1000"]
        register = ('{"jsonrpc":"2.0","id":0,"method":"auth.register","params":{"username":"walt",'
                    '"password":"Heisenberg1!","passwordConfirmation":"Heisenberg1!"}}\n').encode()
        subprocess.run(serve, input=register, capture_output=True, check=True)
        db = sqlite3.connect(os.path.join(directory, "bbfan.sqlite3"), isolation_level=None)
        db.execute("BEGIN")
        for i in range(1, 10001):
            title = f"Quiz number {i}"
            db.execute("INSERT INTO quizzes (id, user_id, title, title_key, search_text, created_at) "
                       "VALUES (?, 1, ?, ?, ?, ?)", (i, title, title.lower(), title.lower(), i))
            for position in range(2):
                db.execute("INSERT INTO quiz_facts (quiz_id, position, fact) VALUES (?, ?, ?)",
                           (i, position, f"Fact {position + 1} of quiz {i}"))
        db.execute("COMMIT")
        db.close()
        request = b'{"jsonrpc":"2.0","id":1,"method":"quizzes.list","params":{"limit":20}}\n'
        first = subprocess.run(serve, input=request, capture_output=True, check=True).stdout
        assert b'"total":10000' in first and b'"Quiz number 10000"' in first, first[:300]
        ours = round_trips(serve, 2000, request)
        db = sqlite3.connect(os.path.join(directory, "bbfan.sqlite3"), isolation_level=None)
        raw = []
        for _ in range(2200):
            start = time.perf_counter()
            db.execute("SELECT COUNT(*) FROM quizzes WHERE user_id = 1").fetchone()
            page = db.execute("SELECT id, title, online_id, created_at FROM quizzes WHERE user_id = 1 "
                              "ORDER BY id DESC LIMIT 21").fetchall()
            for row in page:
                db.execute("SELECT fact FROM quiz_facts WHERE quiz_id = ? ORDER BY position",
                           (row[0],)).fetchall()
            raw.append((time.perf_counter() - start) * 1e6)
        db.close()
        raw = raw[200:]
        rows.append(("quizzes.list first page of 10k (p50 µs)", statistics.median(ours), "raw SQLite",
                     statistics.median(raw)))
        rows.append(("quizzes.list first page of 10k (p99 µs)", percentile(ours, 0.99), "raw SQLite",
                     percentile(raw, 0.99)))
    finally:
        shutil.rmtree(directory, ignore_errors=True)
    return rows


class Postgres:
    """A throwaway PostgreSQL server on a Unix socket (as the tests' TemporaryPostgres: initdb
    as nobody when run as root), with the server's default durability (fsync, synchronous
    commit), so that bbfan and pgbench are measured against the same real floor."""

    def __init__(self):
        import glob, pwd, tempfile
        versions = sorted(glob.glob("/usr/lib/postgresql/*/bin"), reverse=True)
        self.tools = next((d for d in versions if os.path.exists(os.path.join(d, "initdb"))), None)
        if self.tools is None:
            raise RuntimeError("PostgreSQL is not installed (apt-get install postgresql)")
        self.directory = tempfile.mkdtemp(prefix="bbfan-bench-pg-")
        self.run_as = []
        if os.geteuid() == 0:
            nobody = pwd.getpwnam("nobody")
            os.chown(self.directory, nobody.pw_uid, nobody.pw_gid)
            self.run_as = ["setpriv", f"--reuid={nobody.pw_uid}", f"--regid={nobody.pw_gid}", "--clear-groups", "--"]
        data = os.path.join(self.directory, "data")
        subprocess.run(self.run_as + [f"{self.tools}/initdb", "-D", data, "-U", "bbfan", "--auth-local=trust",
                                      "-E", "UTF8", "--locale=C"], check=True, capture_output=True)
        with open(os.path.join(data, "postgresql.conf"), "a") as conf:
            conf.write(f"\nlisten_addresses = ''\nunix_socket_directories = '{self.directory}'\nmax_connections = 60\n")
        subprocess.run(self.run_as + [f"{self.tools}/pg_ctl", "-D", data, "-l", os.path.join(self.directory, "log"),
                                      "-w", "start"], check=True, capture_output=True)
        subprocess.run([f"{self.tools}/createdb", "-h", self.directory, "-U", "bbfan", "bbfan"], check=True,
                       capture_output=True)
        from urllib.parse import quote
        self.url = f"postgres://bbfan@/bbfan?host={quote(self.directory, safe='')}"

    def stop(self):
        import shutil
        subprocess.run(self.run_as + [f"{self.tools}/pg_ctl", "-D", os.path.join(self.directory, "data"), "-m",
                                      "fast", "-w", "stop"], capture_output=True)
        shutil.rmtree(self.directory, ignore_errors=True)


PGBENCH_TOGGLE = """\\set uid :client_id + 1
\\set q random(1, 70)
BEGIN;
SELECT 1 FROM users WHERE id = :uid FOR UPDATE;
WITH d AS (DELETE FROM favorites WHERE user_id = :uid AND universe = 'breaking-bad' AND quote_id = :q RETURNING 1) SELECT count(*) AS removed FROM d \\gset
\\if :removed
UPDATE favorite_counts SET count = count - 1 WHERE universe = 'breaking-bad' AND quote_id = :q RETURNING count;
\\else
INSERT INTO favorites (user_id, universe, quote_id, created_at) VALUES (:uid, 'breaking-bad', :q, 0);
INSERT INTO favorite_counts (universe, quote_id, count) VALUES ('breaking-bad', :q, 1) ON CONFLICT (universe, quote_id) DO UPDATE SET count = favorite_counts.count + 1 RETURNING count;
\\endif
COMMIT;
"""


def postgres_rows(binary, toggles=2000):
    """favorites.toggle through bbfan on PostgreSQL (1 to 8 processes, each with its own data
    directory and user, pipelined), against pgbench running the same transaction with as many
    clients, and against bbfan on SQLite."""
    import shutil, tempfile
    rows = []
    server = Postgres()
    directories = []
    try:
        quotes = list(range(1, 31)) + list(range(63, 103))
        tokens = []
        for machine in range(8):
            directory = tempfile.mkdtemp(prefix="bbfan-bench-machine-")
            directories.append(directory)
            serve = [binary, "--log-level", "off", "--data-dir", directory, "--password-cost", "1000",
                     "--database", server.url]
            register = ('{"jsonrpc":"2.0","id":0,"method":"auth.register","params":{"username":"fan%d",'
                        '"password":"Heisenberg1!","passwordConfirmation":"Heisenberg1!"}}\n' % machine).encode()
            out = subprocess.run(serve, input=register, capture_output=True, check=True).stdout
            assert b'"token"' in out, out
        def lines_for(count):
            return [b'{"jsonrpc":"2.0","id":%d,"method":"favorites.toggle","params":{"quoteId":%d}}\n'
                    % (i + 1, quotes[i % len(quotes)]) for i in range(count)]
        script = os.path.join(server.directory, "toggle.sql")
        with open(script, "w") as f:
            f.write(PGBENCH_TOGGLE)
        os.chmod(server.directory, 0o755); os.chmod(script, 0o644)

        def through_bbfan(processes):
            payload = b"".join(lines_for(toggles))
            start = time.perf_counter()
            running = []
            for machine in range(processes):
                serve = [binary, "--log-level", "off", "--data-dir", directories[machine], "--password-cost", "1000",
                         "--database", server.url]
                proc = subprocess.Popen(serve, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=subprocess.DEVNULL)
                running.append(proc)
            outs = [None] * processes
            import threading
            def feed(index):
                outs[index], _ = running[index].communicate(payload)
            threads = [threading.Thread(target=feed, args=(i,)) for i in range(processes)]
            for thread in threads: thread.start()
            for thread in threads: thread.join()
            elapsed = time.perf_counter() - start
            for out in outs:
                assert out.count(b'"result"') == toggles, out[:300]
            return processes * toggles / elapsed

        def through_pgbench(clients):
            out = subprocess.run([f"{server.tools}/pgbench", "-n", "-h", server.directory, "-U", "bbfan", "-c",
                                  str(clients), "-j", str(clients), "-T", "3", "-f", script, "bbfan"],
                                 capture_output=True, text=True, check=True).stdout
            tps = [line for line in out.splitlines() if line.startswith("tps")]
            return float(tps[0].split("=")[1].split()[0])

        # Side by side: for each width, bbfan and pgbench take turns three times (the machine's
        # noise falls on both), and each keeps its median.
        results, pgbench = {}, {}
        for processes in (1, 2, 4, 8):
            ours, theirs = [], []
            for _ in range(3):
                ours.append(through_bbfan(processes))
                theirs.append(through_pgbench(processes))
            results[processes] = statistics.median(ours)
            pgbench[processes] = statistics.median(theirs)
        sqlite_directory = tempfile.mkdtemp(prefix="bbfan-bench-sqlite-")
        directories.append(sqlite_directory)
        sqlite_serve = [binary, "--log-level", "off", "--data-dir", sqlite_directory, "--password-cost", "1000"]
        subprocess.run(sqlite_serve, input=('{"jsonrpc":"2.0","id":0,"method":"auth.register","params":'
                                            '{"username":"walt","password":"Heisenberg1!","passwordConfirmation":'
                                            '"Heisenberg1!"}}\n').encode(), capture_output=True, check=True)
        sqlite = pipelined(sqlite_serve, lines_for(toggles))
        for n in (1, 2, 4, 8):
            rows.append((f"toggle on PostgreSQL, {n} process(es) (msg/s)", results[n], f"pgbench -c {n}", pgbench[n]))
        rows.append(("toggle on PostgreSQL, 1 process (msg/s)", results[1], "bbfan on SQLite", sqlite))
    finally:
        server.stop()
        for directory in directories:
            shutil.rmtree(directory, ignore_errors=True)
    return rows


SDK_SERVER = """
from mcp.server.mcpserver import MCPServer

server = MCPServer("echo")


@server.tool()
def echo(text: str) -> str:
    \"\"\"Returns the text it is given.\"\"\"
    return text


server.run()
"""

MCP_INITIALIZE = (b'{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25",'
                  b'"capabilities":{},"clientInfo":{"name":"bench","version":"1"}}}\n')
MCP_INITIALIZED = b'{"jsonrpc":"2.0","method":"notifications/initialized"}\n'


def until_initialized(command, runs, env=None):
    """Milliseconds from spawning an MCP server to its answer to initialize."""
    samples = []
    for _ in range(runs):
        start = time.perf_counter()
        proc = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                bufsize=0, env=env)
        os.write(proc.stdin.fileno(), MCP_INITIALIZE)
        got = b""
        while b"\n" not in got:
            chunk = os.read(proc.stdout.fileno(), 65536)
            if not chunk:
                raise RuntimeError(f"{command[0]} closed its output")
            got += chunk
        samples.append((time.perf_counter() - start) * 1e3)
        proc.stdin.close()
        proc.wait()
    return samples


def mcp_rows(binary, trips, runs):
    """bbfan mcp's tools/call against the native call of the same method, and against the
    official Python SDK's minimal stdio server answering a trivial tool (the server a user would
    otherwise write); the time until initialize is answered, for both servers."""
    import tempfile
    directory = tempfile.mkdtemp(prefix="bbfan-bench-mcp-")
    script = os.path.join(directory, "echo_server.py")
    with open(script, "w") as f:
        f.write(SDK_SERVER)
    rows = []
    try:
        serve = [binary, "--log-level", "off", "--data-dir", directory]
        mcp = [binary, "mcp", "--log-level", "off", "--data-dir", directory]
        episodes_get = b'{"jsonrpc":"2.0","id":1,"method":"episodes.get","params":{"id":1}}\n'
        tools_call = (b'{"jsonrpc":"2.0","id":1,"method":"tools/call","params":'
                      b'{"name":"episodes_get","arguments":{"id":1}}}\n')
        echo_call = b'{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"echo","arguments":{"text":"hi"}}}\n'
        handshake = (MCP_INITIALIZE, MCP_INITIALIZED)
        # A wake-up across cores costs this virtual machine about 40 µs each way (cat's round trip
        # is 5 µs on one core, 44 µs across two), more than either server's own work: so each
        # placement is measured on its own, the client pinned to CPU 0 and the server to CPU 0
        # (same core) or CPU 1 (another core), as well as unpinned.
        placements = [("unpinned", None)]
        if hasattr(os, "sched_setaffinity") and len(os.sched_getaffinity(0)) >= 2:
            cpus = sorted(os.sched_getaffinity(0))
            placements += [("same core", cpus[0]), ("other core", cpus[1])]
        for label, cpu in placements:
            pin = [] if cpu is None else ["taskset", "-c", str(cpu)]
            mask = os.sched_getaffinity(0) if cpu is not None else None
            if cpu is not None:
                os.sched_setaffinity(0, {sorted(mask)[0]})
            try:
                native = round_trips(pin + serve, trips, episodes_get, expect=b'"result"', warmup=100)
                tool = round_trips(pin + mcp, trips, tools_call, preamble=handshake, expect=b'"result"',
                                   warmup=100)
                sdk = round_trips(pin + [sys.executable, script], max(trips // 10, 200), echo_call,
                                  preamble=handshake, expect=b'"result"', warmup=100)
                floor = round_trips(pin + ["cat"], trips, b'{"jsonrpc":"2.0","id":1,"method":"tools/call"}\n',
                                    warmup=100)
            finally:
                if mask is not None:
                    os.sched_setaffinity(0, mask)
            rows.append((f"MCP tools/call p50, {label} (µs)", statistics.median(tool), "native episodes.get",
                         statistics.median(native)))
            rows.append((f"MCP tools/call p50, {label} (µs)", statistics.median(tool), "Python SDK echo tool",
                         statistics.median(sdk)))
            rows.append((f"MCP tools/call p99, {label} (µs)", percentile(tool, 0.99), "native episodes.get",
                         percentile(native, 0.99)))
            rows.append((f"MCP tools/call p50, {label} (µs)", statistics.median(tool), "cat (the pipe floor)",
                         statistics.median(floor)))
        started = until_initialized(mcp, runs)
        sdk_started = until_initialized([sys.executable, script], max(runs // 4, 5))
        rows.append(("MCP start to initialize answered (ms)", statistics.median(started), "Python SDK server",
                     statistics.median(sdk_started)))
        listed = subprocess.run(mcp, input=MCP_INITIALIZE + b'{"jsonrpc":"2.0","id":1,"method":"tools/list"}\n',
                                capture_output=True).stdout.split(b"\n")[1]
        rows.append(("MCP tools/list (bytes)", len(listed), "(size, not a ratio)", len(listed)))
    finally:
        shutil.rmtree(directory, ignore_errors=True)
    return rows


def cpu_rows(binary, count=20000):
    """The server's own CPU per request (user and system, from rusage over `count` requests one
    at a time, client and server on one core) for service.info and episodes.get, beside `cat`
    echoing the same line: what a round trip costs bbfan above the pipe."""
    import resource
    rows = []
    pinned = hasattr(os, "sched_setaffinity")
    if pinned:
        mask = os.sched_getaffinity(0)
        cpu = sorted(mask)[0]
        os.sched_setaffinity(0, {cpu})
    try:
        for name, request in (("service.info", b'{"jsonrpc":"2.0","id":1,"method":"service.info"}\n'),
                              ("episodes.get", b'{"jsonrpc":"2.0","id":1,"method":"episodes.get","params":{"id":1}}\n')):
            measured = {}
            for label, command in (("bbfan", [binary, "--log-level", "off", "--data-dir", DATA_DIR]),
                                   ("cat", ["cat"])):
                command = (["taskset", "-c", str(cpu)] if pinned else []) + command
                before = resource.getrusage(resource.RUSAGE_CHILDREN)
                proc = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, bufsize=0)
                fd_in, fd_out = proc.stdin.fileno(), proc.stdout.fileno()
                for _ in range(count):
                    os.write(fd_in, request)
                    got = b""
                    while not got.endswith(b"\n"):
                        got += os.read(fd_out, 65536)
                proc.stdin.close()
                proc.wait()
                after = resource.getrusage(resource.RUSAGE_CHILDREN)
                measured[label] = ((after.ru_utime - before.ru_utime) / count * 1e6,
                                   (after.ru_stime - before.ru_stime) / count * 1e6)
            rows.append((f"{name}: server user CPU (µs)", measured["bbfan"][0], "cat", measured["cat"][0]))
            rows.append((f"{name}: server system CPU (µs)", measured["bbfan"][1], "cat", measured["cat"][1]))
    finally:
        if pinned:
            os.sched_setaffinity(0, mask)
    return rows


def pipelined_rows(binary, count=30000, runs=5):
    """The server's CPU (user + system) per request for `count` requests read from a file, the
    output to /dev/null, the server pinned to one core: the median of `runs` runs of each method,
    beside service.info (the memoized floor) measured in the same rounds."""
    import resource
    requests = [
        ("service.info", b'{"jsonrpc":"2.0","id":1,"method":"service.info"}\n'),
        ("episodes.get", b'{"jsonrpc":"2.0","id":1,"method":"episodes.get","params":{"id":1}}\n'),
        ("episodes.list {limit:1}",
         b'{"jsonrpc":"2.0","id":1,"method":"episodes.list","params":{"limit":1}}\n'),
        ("episodes.filter {season:2}",
         b'{"jsonrpc":"2.0","id":1,"method":"episodes.filter","params":{"season":2}}\n'),
    ]
    cpus = sorted(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else []
    pin = ["taskset", "-c", str(cpus[-1])] if cpus else []
    samples = {name: [] for name, _ in requests}
    files = {}
    try:
        for name, line in requests:
            handle, path = tempfile.mkstemp(prefix="bbfan-bench-pipelined-")
            with os.fdopen(handle, "wb") as out:
                for index in range(count):
                    out.write(line.replace(b'"id":1', b'"id":%d' % (index + 1)))
            files[name] = path
        for _ in range(runs):
            for name, _ in requests:
                before = resource.getrusage(resource.RUSAGE_CHILDREN)
                with open(files[name], "rb") as source, open(os.devnull, "wb") as sink:
                    subprocess.run(pin + [binary, "--log-level", "off", "--data-dir", DATA_DIR],
                                   stdin=source, stdout=sink, check=True)
                after = resource.getrusage(resource.RUSAGE_CHILDREN)
                used = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
                samples[name].append(used / count * 1e6)
    finally:
        for path in files.values():
            os.unlink(path)
    floor = statistics.median(samples["service.info"])
    return [(f"pipelined {name}: CPU per request (µs)", statistics.median(samples[name]),
             "service.info", floor) for name, _ in requests[1:]]


def refresh_rows(binary, runs):
    """catalog.refresh and images.fetch against the test server on 127.0.0.1, each a whole
    `bbfan call` (start, libcurl loaded, fetch, validate, save), beside one curl process
    fetching the same URLs (the network work alone)."""
    server = subprocess.Popen([sys.executable, os.path.join(ROOT, "Tests/Tools/fake_api.py"),
                               os.path.join(ROOT, "Data/breaking-bad")],
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    port = int(server.stdout.readline())
    base = f"http://127.0.0.1:{port}/ok/api"
    lists = [f"{base}/{name}" for name in ("characters", "episodes", "quotes")]
    curl = ["curl", "-sf"] + [part for url in lists for part in (url, "-o", "/dev/null")]
    directory = tempfile.mkdtemp(prefix="bbfan-bench-refresh-")
    rows = []
    try:
        def timed(command):
            start = time.perf_counter()
            subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
            return (time.perf_counter() - start) * 1e3

        # bbfan and curl alternate, so that both see the same machine.
        first, again, plain = [], [], []
        for i in range(runs // 4):
            first.append(timed([binary, "call", "catalog.refresh", "--source", base, "--data-dir",
                                os.path.join(directory, str(i))]))
            plain.append(timed(curl))
        for _ in range(runs // 4):
            again.append(timed([binary, "call", "catalog.refresh", "--source", base, "--data-dir",
                                os.path.join(directory, "0")]))
            plain.append(timed(curl))
        rows.append(("catalog.refresh, 3 lists fetched (ms)", statistics.median(first), "curl, same 3 URLs",
                     statistics.median(plain)))
        rows.append(("catalog.refresh, 3 x 304 (ms)", statistics.median(again), "curl, same 3 URLs",
                     statistics.median(plain)))
        image = f"http://127.0.0.1:{port}/ok/img/walter-200000.jpg"
        fetched, cached, plain = [], [], []
        for i in range(runs // 4):
            fetched.append(timed([binary, "call", "images.fetch", json.dumps({"url": image}),
                                  "--data-dir", os.path.join(directory, f"img{i}")]))
            plain.append(timed(["curl", "-sf", image, "-o", "/dev/null"]))
        for _ in range(runs // 4):
            cached.append(timed([binary, "call", "images.fetch", json.dumps({"url": image, "maxAge": 0}),
                                 "--data-dir", os.path.join(directory, "img0")]))
            plain.append(timed(["curl", "-sf", image, "-o", "/dev/null"]))
        rows.append(("images.fetch 200 KB, downloaded (ms)", statistics.median(fetched), "curl, same URL",
                     statistics.median(plain)))
        rows.append(("images.fetch 200 KB, revalidated (ms)", statistics.median(cached), "curl, same URL",
                     statistics.median(plain)))
        # In a running service libcurl is loaded already: only the first request loads it.
        serve = [binary, "--log-level", "off", "--data-dir", os.path.join(directory, "img0")]
        request = json.dumps({"jsonrpc": "2.0", "id": 1, "method": "images.fetch",
                              "params": {"url": image, "maxAge": 0}}).encode() + b"\n"
        warm = round_trips(serve, 300, request)
        rows.append(("images.fetch revalidated, serving (ms)", statistics.median(warm) / 1000,
                     "curl, same URL", statistics.median(plain)))
    finally:
        server.stdin.close()
        server.wait()
        shutil.rmtree(directory, ignore_errors=True)
    return rows


def image_list_rows(binary, rounds):
    """Drawing a list of images as a screen does, in one running service against the test server
    on 127.0.0.1: 62 images (as many as Breaking Bad's characters), every request sent at once
    and every reply read. After a first draw has downloaded them, each later draw with the
    cache's default (answered as cached, no request to the host) against the rule before wave 3,
    a conditional request per image (`maxAge: 0`, every reply revalidated), the two alternating in
    the same service; the host's requests for one draw of each; and the list drawn with the host
    down (the test server stopped: stale copies, answered at once) against the cached draw."""
    server = subprocess.Popen([sys.executable, os.path.join(ROOT, "Tests/Tools/fake_api.py"),
                               os.path.join(ROOT, "Data/breaking-bad")],
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    port = int(server.stdout.readline())
    urls = [f"http://127.0.0.1:{port}/ok/img/character-{i}-20000.png" for i in range(62)]
    directory = tempfile.mkdtemp(prefix="bbfan-bench-images-")
    proc = subprocess.Popen([binary, "--log-level", "off", "--data-dir", directory],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, bufsize=0)
    pending = b""
    next_id = 0

    def draw(extra, expected):
        """Milliseconds to send the 62 requests and read the 62 replies, each `expected`."""
        nonlocal pending, next_id
        lines = []
        for url in urls:
            next_id += 1
            lines.append(json.dumps({"jsonrpc": "2.0", "id": next_id, "method": "images.fetch",
                                     "params": dict({"url": url}, **extra)}).encode() + b"\n")
        start = time.perf_counter()
        os.write(proc.stdin.fileno(), b"".join(lines))
        replies = []
        while len(replies) < len(urls):
            while b"\n" not in pending:
                chunk = os.read(proc.stdout.fileno(), 65536)
                if not chunk:
                    raise RuntimeError("bbfan closed its output")
                pending += chunk
            line, pending = pending.split(b"\n", 1)
            replies.append(json.loads(line))
        elapsed = (time.perf_counter() - start) * 1e3
        found = {reply.get("result", {}).get("freshness", json.dumps(reply.get("error"))) for reply in replies}
        if found != {expected}:
            raise RuntimeError(f"expected every image {expected}, got {found}")
        return elapsed

    def host_requests():
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/_stats") as answer:
            hits = json.load(answer)
        return sum(count for path, count in hits.items() if path.startswith("/ok/img/character-"))

    rows = []
    try:
        draw({}, "downloaded")
        before = host_requests()
        draw({}, "cached")
        middle = host_requests()
        draw({"maxAge": 0}, "revalidated")
        after = host_requests()
        cached, revalidated = [], []
        for _ in range(rounds):
            cached.append(draw({}, "cached"))
            revalidated.append(draw({"maxAge": 0}, "revalidated"))
        rows.append(("images list of 62, cached, serving (ms)", statistics.median(cached),
                     "maxAge 0 (before)", statistics.median(revalidated)))
        rows.append(("images list of 62: host requests", middle - before, "maxAge 0 (before)",
                     after - middle))
        server.stdin.close()
        server.wait()
        offline = [draw({"maxAge": 0}, "stale") for _ in range(rounds)]
        rows.append(("images list of 62, host down: stale (ms)", statistics.median(offline),
                     "cached, host up", statistics.median(cached)))
    finally:
        proc.stdin.close()
        proc.wait()
        if server.poll() is None:
            server.stdin.close()
            server.wait()
        shutil.rmtree(directory, ignore_errors=True)
    return rows


def paged_refresh_rows(binary, runs):
    """catalog.refresh of Rick and Morty, 52 pages, each answered after 150 ms: side by side
    (the default --http-concurrency 6) against one page at a time (--http-concurrency 1)."""
    server = subprocess.Popen([sys.executable, os.path.join(ROOT, "Tests/Tools/fake_api.py"),
                               os.path.join(ROOT, "Data/breaking-bad")],
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    port = int(server.stdout.readline())
    source = f"rick-and-morty=http://127.0.0.1:{port}/slow-150/rmapi"
    directory = tempfile.mkdtemp(prefix="bbfan-bench-paged-")
    try:
        def refresh(concurrency, data):
            start = time.perf_counter()
            result = subprocess.run(
                [binary, "call", "catalog.refresh", '{"universe":"rick-and-morty"}', "--source", source,
                 "--http-concurrency", str(concurrency), "--data-dir", data],
                check=True, stdout=subprocess.PIPE)
            elapsed = (time.perf_counter() - start) * 1e3
            reply = json.loads(result.stdout)
            assert len(reply["resources"]) == 52, reply
            return elapsed, {resource["status"] for resource in reply["resources"]}

        times = {(concurrency, kind): [] for concurrency in (6, 1) for kind in ("fetched", "not-modified")}
        for i in range(runs):
            for concurrency in (6, 1):
                data = os.path.join(directory, f"{concurrency}-{i}")
                for kind in ("fetched", "not-modified"):
                    elapsed, statuses = refresh(concurrency, data)
                    assert statuses == {kind}, statuses
                    times[(concurrency, kind)].append(elapsed)
        return [
            ("R&M refresh, 52 pages, 150 ms each (ms)", statistics.median(times[(6, "fetched")]),
             "one at a time", statistics.median(times[(1, "fetched")])),
            ("R&M refresh, 52 x 304, 150 ms each (ms)", statistics.median(times[(6, "not-modified")]),
             "one at a time", statistics.median(times[(1, "not-modified")])),
        ]
    finally:
        server.stdin.close()
        server.wait()
        shutil.rmtree(directory, ignore_errors=True)


def write_atomically(path, data):
    """What bbfan does with an export: a temporary file, synced, then renamed."""
    temporary = path + ".part"
    with open(temporary, "wb") as handle:
        handle.write(data)
        handle.flush()
        os.fsync(handle.fileno())
    os.rename(temporary, path)


def export_rows(binary, count):
    """characters.export in a running service, one request at a time: a CSV row against Python's
    csv module writing the same row, and a PDF card from the cached JPEG (revalidated with the
    test server each time, as the service does) against img2pdf (PyPI) wrapping the same JPEG in
    a one-page PDF; both baselines write their file the same way (synced, renamed). Also the
    card's size against the JPEG's own."""
    import csv
    import io
    import img2pdf  # python3 -m pip install img2pdf
    server = subprocess.Popen([sys.executable, os.path.join(ROOT, "Tests/Tools/fake_api.py"),
                               os.path.join(ROOT, "Data/breaking-bad")],
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    port = int(server.stdout.readline())
    directory = tempfile.mkdtemp(prefix="bbfan-bench-export-")
    source = f"rick-and-morty=http://127.0.0.1:{port}/avatars/rmapi"
    rows = []
    try:
        subprocess.run([binary, "call", "catalog.refresh", '{"universe":"rick-and-morty"}', "--source", source,
                        "--data-dir", directory], check=True, stdout=subprocess.DEVNULL)
        serve = [binary, "--log-level", "off", "--data-dir", directory, "--source", source]

        def request(params):
            return json.dumps({"jsonrpc": "2.0", "id": 1, "method": "characters.export",
                               "params": params}).encode() + b"\n"

        csv_request = request({"universe": "rick-and-morty", "id": 1, "format": "csv"})
        reply = json.loads(subprocess.run(serve, input=csv_request, capture_output=True, check=True).stdout)
        with open(reply["result"]["path"], newline="", encoding="utf-8") as handle:
            header, row = list(csv.reader(handle))
        ours = round_trips(serve, count, csv_request)
        target = os.path.join(directory, "python.csv")
        samples = []
        for _ in range(count):
            start = time.perf_counter()
            buffer = io.StringIO()
            csv.writer(buffer).writerows([header, row])
            write_atomically(target, buffer.getvalue().encode("utf-8"))
            samples.append((time.perf_counter() - start) * 1e6)
        rows.append(("characters.export CSV, serving (µs)", statistics.median(ours), "Python csv, same row",
                     statistics.median(samples)))

        pdf_request = request({"universe": "rick-and-morty", "id": 1, "format": "pdf"})
        reply = json.loads(subprocess.run(serve, input=pdf_request, capture_output=True, check=True).stdout)
        if reply["result"].get("warnings"):
            raise RuntimeError(f"the card has warnings: {reply['result']['warnings']}")
        ours = round_trips(serve, count, pdf_request)
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/ok/avatar/1.jpeg") as answer:
            jpeg = answer.read()
        target = os.path.join(directory, "img2pdf.pdf")
        samples = []
        for _ in range(count):
            start = time.perf_counter()
            write_atomically(target, img2pdf.convert(jpeg))
            samples.append((time.perf_counter() - start) * 1e6)
        rows.append(("characters.export PDF card, serving (µs)", statistics.median(ours), "img2pdf, same JPEG",
                     statistics.median(samples)))
        rows.append(("card size, JPEG inside (bytes)", reply["result"]["bytes"], "the JPEG alone", len(jpeg)))
    finally:
        server.stdin.close()
        server.wait()
        shutil.rmtree(directory, ignore_errors=True)
    return rows


def libcurl_rows(binary, runs, jq):
    """Why libcurl is loaded on the first transfer rather than linked: what loading it would add
    to every cold start (LD_PRELOAD loads it and its libraries as linking it would)."""
    # Loaded with dlopen, not linked: the one the dynamic loader would find.
    known = subprocess.run(["ldconfig", "-p"], capture_output=True, text=True).stdout.split("\n")
    libcurl = next((line.split("=>")[1].strip() for line in known
                    if "libcurl.so.4 " in line and "=>" in line), None)
    if libcurl is None:
        return []
    call = [binary, "call", "service.info", "--data-dir", DATA_DIR]
    preloaded = cold(call, runs, env=dict(os.environ, LD_PRELOAD=libcurl))
    return [("cold call, libcurl loaded p50 (ms)", statistics.median(preloaded), "jq -n 1", jq)]


def pipe_rows(serve, count, rounds):
    """Pipelined service.info against `jq -c .` over the same lines, the two alternating, `rounds`
    times each; the medians."""
    lines = [b'{"jsonrpc":"2.0","method":"service.info","id":%d}\n' % i for i in range(count)]
    ours, theirs = [], []
    for _ in range(rounds):
        ours.append(pipelined(serve, lines))
        theirs.append(pipelined(["jq", "-c", "."], lines))
    return [(f"pipelined {count}, alternating (msg/s)", statistics.median(ours), "jq -c .",
             statistics.median(theirs))]


def cold_rows(binary, serve, runs):
    """A cold `bbfan call service.info` against `jq -n 1`, run alternately so that both see the
    same machine."""
    call, jq = [], []
    for _ in range(3):
        call += cold([binary, "call", "service.info", "--data-dir", DATA_DIR], max(runs // 3, 3))
        jq += cold(["jq", "-n", "1"], max(runs // 3, 3))
    return [("cold call p50 (ms)", statistics.median(call), "jq -n 1", statistics.median(jq))]


# The flags of the shipping build (the Makefile's RELEASE and SPEED_FLAGS), as swiftc takes them.
HELLO_FLAGS = ["-O", "-static-stdlib", "-Xfrontend",
               "-disable-concrete-type-metadata-mangled-name-accessors",
               "-Xlinker", "--no-export-dynamic"]


def hello_binary():
    """A static Swift "hello" built with bbfan's toolchain and flags (HELLO_FLAGS): the floor of
    a one-shot call, issue 38's baseline. Built into .build-hello, again when the flags change."""
    folder = os.path.join(ROOT, ".build-hello")
    os.makedirs(folder, exist_ok=True)
    source, binary = os.path.join(folder, "hello.swift"), os.path.join(folder, "hello")
    stamp = os.path.join(folder, "flags")
    flags = " ".join(HELLO_FLAGS)
    built_with = open(stamp).read() if os.path.exists(stamp) else None
    if not os.path.exists(binary) or built_with != flags:
        with open(source, "w") as handle:
            handle.write('print("hello")\n')
        subprocess.run(["swiftc", *HELLO_FLAGS, source, "-o", binary], check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        with open(stamp, "w") as handle:
            handle.write(flags)
    return binary


# Issue 38's one-shot calls: each a whole `bbfan call`, measured against the static hello.
ONE_SHOT_CALLS = [
    ("episodes.filter", '{"season":2}'),
    ("characters.filter", '{"name":"walt"}'),
    ("episodes.get", '{"id":1}'),
    ("characters.filter", '{"universe":"rick-and-morty","name":"rick"}'),
]


def saved_refresh_directory(binary):
    """A new data directory holding a saved Breaking Bad refresh: `catalog.refresh` from the test
    server on 127.0.0.1 (Tests/Tools/fake_api.py serving Data/breaking-bad)."""
    server = subprocess.Popen([sys.executable, os.path.join(ROOT, "Tests/Tools/fake_api.py"),
                               os.path.join(ROOT, "Data/breaking-bad")],
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    directory = tempfile.mkdtemp(prefix="bbfan-bench-saved-")
    try:
        port = int(server.stdout.readline())
        subprocess.run([binary, "call", "catalog.refresh", "--source",
                        f"http://127.0.0.1:{port}/ok/api", "--data-dir", directory],
                       check=True, stdout=subprocess.DEVNULL, stdin=subprocess.DEVNULL)
    finally:
        server.stdin.close()
        server.wait()
    return directory


def installed_copies(binaries, folder):
    """Each of `binaries` copied into `folder` as `make install` and the package put it (a new file
    written by `install`): the file that users start. A file the linker has just written costs
    more to start than the same bytes copied (measured 2026-11-29: a tenth of a one-shot call's
    CPU time, in how its pages sit in the page cache), and the hello is small enough not to
    care; both are copied, so the two are started alike."""
    copies = []
    for number, binary in enumerate(binaries):
        copy = os.path.join(folder, f"{number}-{os.path.basename(binary)}")
        subprocess.run(["install", "-m", "0755", binary, copy], check=True)
        copies.append(copy)
    return copies


def spawned(command, count, env=None):
    """Wall-clock and CPU (user + system, the child's own, from `wait4`) milliseconds per run of a
    whole process, started with `posix_spawn` (no copy of this script's memory), the first three
    runs left out."""
    devnull = os.open(os.devnull, os.O_RDWR)
    walls, cpus = [], []
    try:
        for _ in range(count + 3):
            start = time.perf_counter()
            pid = os.posix_spawn(command[0], command, env if env is not None else os.environ,
                                 file_actions=[(os.POSIX_SPAWN_DUP2, devnull, 0),
                                               (os.POSIX_SPAWN_DUP2, devnull, 1),
                                               (os.POSIX_SPAWN_DUP2, devnull, 2)])
            _, status, usage = os.wait4(pid, 0)
            walls.append((time.perf_counter() - start) * 1e3)
            cpus.append((usage.ru_utime + usage.ru_stime) * 1e3)
            if os.waitstatus_to_exitcode(status) != 0:
                raise RuntimeError(f"{command} exited with status {status}")
    finally:
        os.close(devnull)
    return walls[3:], cpus[3:]


def account_directory(binary):
    """A new data directory whose database holds one account and no saved refresh: the
    directory of anyone who has signed up, where a call must open the database to learn that
    there is no refresh to serve."""
    directory = tempfile.mkdtemp(prefix="bbfan-bench-account-")
    request = (b'{"jsonrpc":"2.0","id":1,"method":"auth.register","params":{"username":"bench",'
               b'"password":"Correct horse 9","passwordConfirmation":"Correct horse 9"}}\n')
    reply = subprocess.run([binary, "--log-level", "off", "--data-dir", directory], input=request,
                           stdout=subprocess.PIPE, check=True).stdout
    if b'"result"' not in reply:
        raise RuntimeError(f"auth.register failed: {reply[:300]!r}")
    return directory


def one_shot_rows(binary, runs):
    """Each of issue 38's one-shot calls against the static hello, both installed copies (see
    installed_copies), run one after the other in turn so that both see the same machine: the
    median wall clock, then the median CPU time (the process's own, which other work on the
    machine moves less). On three data directories: a new, empty one (no database: the call
    never opens SQLite); one whose database holds an account and no saved refresh; one holding
    a saved Breaking Bad refresh, which the Breaking Bad calls serve (read from the store; issue
    38 asks for both). Each database has been left alone long enough to be stamped."""
    folder = tempfile.mkdtemp(prefix="bbfan-bench-installed-")
    directories = []
    rows = []
    env = dict(os.environ, BBFAN_PUBLIC_SOURCES="off")
    try:
        ours_binary, hello = installed_copies([binary, hello_binary()], folder)
        directories = [tempfile.mkdtemp(prefix="bbfan-bench-empty-"),
                       account_directory(ours_binary), saved_refresh_directory(ours_binary)]
        labels = ["", ", database, no refresh", ", saved refresh"]
        # A data directory as calls find it once its database has been left alone for two
        # seconds (the usual case): the first call after that writes the database's stamp, which
        # the calls measured then read instead of opening the database (Docs/Storage.md).
        time.sleep(2.5)
        for directory in directories:
            spawned([ours_binary, "call", "service.info", "--data-dir", directory], 1, env)
        for directory, label in zip(directories, labels):
            for method, params in ONE_SHOT_CALLS:
                ours, floor = ([], []), ([], [])
                for _ in range(3):
                    for samples, command in ((ours, [ours_binary, "call", method, params,
                                                     "--data-dir", directory]),
                                             (floor, [hello])):
                        wall, cpu = spawned(command, max(runs // 3, 3), env)
                        samples[0].extend(wall)
                        samples[1].extend(cpu)
                name = f"one-shot {method} {params}{label}"
                rows.append((f"{name} p50 (ms)", statistics.median(ours[0]), "static hello",
                             statistics.median(floor[0])))
                rows.append((f"{name} CPU p50 (ms)", statistics.median(ours[1]), "static hello",
                             statistics.median(floor[1])))
    finally:
        for directory in [folder, *directories]:
            shutil.rmtree(directory, ignore_errors=True)
    return rows


def round_trip_rows(serve, trips):
    """service.info and episodes.get one at a time against `cat` as the echo server, with the
    client on one core and the server on the other (the placement the performance issue names:
    a wake-up across cores is part of the floor), all three servers measured alternately."""
    episodes_get = b'{"jsonrpc":"2.0","id":1,"method":"episodes.get","params":{"id":1}}\n'
    cpus = sorted(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else []
    mask = set(cpus)
    pin = ["taskset", "-c", str(cpus[1])] if len(cpus) >= 2 else []
    if pin:
        os.sched_setaffinity(0, {cpus[0]})
    samples = {"info": [], "get": [], "cat": []}
    try:
        for _ in range(3):
            samples["info"] += round_trips(pin + serve, trips // 3, expect=b'"result"')
            samples["get"] += round_trips(pin + serve, trips // 3, episodes_get, expect=b'"result"')
            samples["cat"] += round_trips(pin + ["cat"], trips // 3)
    finally:
        if pin:
            os.sched_setaffinity(0, mask)
    where = ", other core" if pin else ""
    floor = samples["cat"]
    return [
        (f"round trip p50, service.info{where} (µs)", statistics.median(samples["info"]), "cat",
         statistics.median(floor)),
        (f"round trip p99, service.info{where} (µs)", percentile(samples["info"], 0.99), "cat",
         percentile(floor, 0.99)),
        (f"round trip p50, episodes.get{where} (µs)", statistics.median(samples["get"]), "cat",
         statistics.median(floor)),
        (f"round trip p99, episodes.get{where} (µs)", percentile(samples["get"], 0.99), "cat",
         percentile(floor, 0.99)),
    ]


def memory_rows(serve, count):
    """The peak memory of a pipelined run of `count` service.info requests, as a row."""
    lines = [b'{"jsonrpc":"2.0","method":"service.info","id":%d}\n' % i for i in range(count)]
    return [memory_row("service.info", peak_memory_kib(serve, lines))]


def memory_row(run, kib):
    """A peak memory (KiB) as a row in MiB, with no baseline to divide by."""
    mib = kib / 1024
    return (f"peak memory, pipelined {run} run (MiB)", mib, "(size, not a ratio)", mib)


def with_memory(rows_and_memory, run):
    """The rows of catalog_rows or rick_and_morty_rows, their peak memory as one more row."""
    rows, kib = rows_and_memory
    return rows + [memory_row(run, kib)]


def libcurl_group_rows(binary, runs):
    """The cold call with libcurl loaded, against a cold `jq -n 1` measured here (in the full
    run, the cold group's jq figure is used)."""
    jq = statistics.median(cold(["jq", "-n", "1"], runs))
    return libcurl_rows(binary, runs, jq)


def group_rows(binary, quick):
    """The row groups that `--only` offers: each name to a function that measures the binary and
    returns its rows (measure, bbfan's value, baseline's name, baseline's value). Benchmarks/
    compare.py calls these too. The groups after `paged` are parts of the full run that the full
    run measures with the same sizes."""
    serve = [binary, "--log-level", "off", "--data-dir", DATA_DIR]
    count = 20000 if quick else 100000
    runs = 20 if quick else 60
    return {"quizzes": lambda: quiz_rows(binary),
            "postgres": lambda: postgres_rows(binary, 500 if quick else 2000),
            "mcp": lambda: mcp_rows(binary, 2000 if quick else 10000, 20 if quick else 60),
            "cpu": lambda: cpu_rows(binary, 5000 if quick else 20000),
            "rtt": lambda: round_trip_rows(serve, 3000 if quick else 15000),
            "pipelined": lambda: pipelined_rows(binary, 10000 if quick else 30000),
            "cold": lambda: cold_rows(binary, serve, 20 if quick else 60),
            "one-shot": lambda: one_shot_rows(binary, 60 if quick else 150),
            "http": lambda: refresh_rows(binary, 40 if quick else 120)
            + image_list_rows(binary, 10 if quick else 30),
            "pipe": lambda: pipe_rows(serve, 20000, 7 if quick else 21),
            "paged": lambda: paged_refresh_rows(binary, 2 if quick else 5),
            "libcurl": lambda: libcurl_group_rows(binary, runs),
            "memory": lambda: memory_rows(serve, count),
            "catalog": lambda: with_memory(catalog_rows(binary, serve, count // 10, runs), "episodes.filter"),
            "rick-and-morty": lambda: with_memory(rick_and_morty_rows(binary, serve, count // 20, runs),
                                                  "Rick and Morty characters.filter"),
            "accounts": lambda: account_rows(binary),
            "exports": lambda: export_rows(binary, 300 if quick else 1000),
            "overtaking": lambda: overtaking_rows(serve, 30 if quick else 100)}


GROUPS = ["quizzes", "postgres", "mcp", "cpu", "rtt", "pipelined", "cold", "http", "pipe", "paged", "libcurl", "memory",
          "catalog", "rick-and-morty", "accounts", "exports", "overtaking", "one-shot"]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary")
    parser.add_argument("--quick", action="store_true", help="fewer iterations")
    parser.add_argument("--only", choices=GROUPS, help="run only these rows")
    args = parser.parse_args()
    binary = args.binary or build()
    if args.only:
        for name, value, base_name, base in group_rows(binary, args.quick)[args.only]():
            ratio = f"{value / base:>8.2f}" if base else f"{'-':>8}"
            print(f"{name:<40}{value:>12.1f}  {base_name:<16}{base:>15.1f}{ratio}")
        return 0
    serve = [binary, "--log-level", "off", "--data-dir", DATA_DIR]
    trips = 2000 if args.quick else 10000
    count = 20000 if args.quick else 100000
    runs = 20 if args.quick else 60

    rows = round_trip_rows(serve, trips)

    lines = [b'{"jsonrpc":"2.0","method":"service.info","id":%d}\n' % i for i in range(count)]
    rows += pipe_rows(serve, count, 3 if args.quick else 5)

    cold_call = cold_rows(binary, serve, runs)
    rows += cold_call
    rows += libcurl_rows(binary, runs, cold_call[0][3])

    memory = peak_memory_kib(serve, lines)
    catalog, catalog_memory = catalog_rows(binary, serve, count // 10, runs)
    rows += catalog
    rick_and_morty, rick_and_morty_memory = rick_and_morty_rows(binary, serve, count // 20, runs)
    rows += rick_and_morty
    rows += account_rows(binary)
    rows += quiz_rows(binary)
    rows += postgres_rows(binary)
    rows += mcp_rows(binary, trips, runs)
    rows += refresh_rows(binary, runs)
    rows += image_list_rows(binary, 10 if args.quick else 30)
    rows += paged_refresh_rows(binary, 2 if args.quick else 5)
    rows += export_rows(binary, 300 if args.quick else 1000)
    rows += overtaking_rows(serve, 30 if args.quick else 100)

    print(f"{'measure':<40}{'bbfan':>12}  {'baseline':<16}{'baseline value':>15}{'ratio':>8}")
    for name, value, base_name, base in rows:
        print(f"{name:<40}{value:>12.1f}  {base_name:<16}{base:>15.1f}{value / base:>8.2f}")
    print(f"peak memory, pipelined service.info run: {memory / 1024:.1f} MiB")
    print(f"peak memory, pipelined episodes.filter run: {catalog_memory / 1024:.1f} MiB")
    print(f"peak memory, pipelined Rick and Morty characters.filter run: {rick_and_morty_memory / 1024:.1f} MiB")


if __name__ == "__main__":
    sys.exit(main())
