#!/usr/bin/env python3
"""A crowd of simulated browsers through nginx to the web bridges (issue 39, point 4).

Each simulated browser is an aiohttp client with cookies of its own: it registers through the
proxy (POST /auth/register, at a lower, stated --password-cost), opens the page's WebSocket
(/rpc) through the proxy and makes the apps' calls in a mix like the pages' (below) for
--rounds rounds. Then, with every browser's WebSocket open, one browser hearts a quote
--hearts times, and each time the script waits until every browser got that favorites.changed:
the time from the heart's send to the last browser's notification. The same crowd runs against
two bridges behind nginx and against one bridge behind the same nginx site.

Usage (Clients/Web and Clients/Python installed; nginx, PostgreSQL; see Docs/Deploy.md):
    python3 Benchmarks/crowd.py --binary .build/debug/bbfan [--browsers 200] [--rounds 20]

Prints a Markdown table. Times are wall-clock on whatever machine runs it, with the crowd, nginx,
the bridges, their bbfan processes and PostgreSQL all sharing its cores.
"""

import argparse
import asyncio
import json
import os
import random
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "Clients", "Web", "tests"))

import aiohttp  # noqa: E402

from deploy_support import Deployment  # noqa: E402

PASSWORD = "Heisenberg1!"

with open(os.path.join(HERE, "..", "Data", "breaking-bad", "quotes.json")) as _quotes:
    QUOTES = sorted(quote["quote_id"] for quote in json.load(_quotes))
"""The embedded Breaking Bad catalog's quote ids: the mix hearts the first 60, the timed hearts
the last 10 (which the mix never hearts: each timed heart changes a count)."""

# The pages' calls, weighted as a visit to the apps makes them: lists and details above all,
# the quotes scene, a heart now and then. "catalog" and "heart" are the timed ones.
MIX = [
    (30, "catalog", "characters.list", {"limit": 20}),
    (15, "details", "characters.get", {"id": 1}),
    (15, "episodes", "episodes.list", {"limit": 20}),
    (15, "quotes", "quotes.overview", None),
    (10, "rm", "characters.list", {"universe": "rick-and-morty", "limit": 20}),
    (10, "heart", "favorites.toggle", None),
    (5, "info", "service.info", None),
]


def percentile(values, fraction):
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    return ordered[min(len(ordered) - 1, int(round(fraction * (len(ordered) - 1))))]


class SimulatedBrowser:
    """One browser: its cookies, its page's WebSocket, the notifications it got."""

    def __init__(self, url: str, index: int):
        self.url = url
        self.index = index
        self.session = aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True))
        self.ws = None
        self.pending: dict[int, asyncio.Future] = {}
        self.next_id = 0
        self.changes: asyncio.Queue = asyncio.Queue()
        self.reader = None

    async def sign_up(self, name: str) -> None:
        async with self.session.post(f"{self.url}/auth/register", json={
                "username": name, "password": PASSWORD,
                "passwordConfirmation": PASSWORD}) as response:
            body = await response.json()
        if "error" in body:
            raise RuntimeError(f"register {name}: {body['error']}")

    async def connect(self) -> None:
        self.ws = await self.session.ws_connect(f"{self.url}/rpc", max_msg_size=0)
        self.reader = asyncio.get_running_loop().create_task(self._read())

    async def _read(self) -> None:
        async for message in self.ws:
            if message.type != aiohttp.WSMsgType.TEXT:
                continue
            data = message.json()
            if "id" in data and data["id"] in self.pending:
                self.pending.pop(data["id"]).set_result(data)
            elif data.get("method") == "favorites.changed":
                self.changes.put_nowait((time.perf_counter(), data["params"]))

    async def call(self, method: str, params=None) -> dict:
        self.next_id += 1
        future = asyncio.get_running_loop().create_future()
        self.pending[self.next_id] = future
        message = {"jsonrpc": "2.0", "id": self.next_id, "method": method}
        if params is not None:
            message["params"] = params
        await self.ws.send_json(message)
        reply = await future
        if "error" in reply:
            raise RuntimeError(f"{method}: {reply['error']}")
        return reply["result"]

    async def close(self) -> None:
        if self.ws is not None:
            await self.ws.close()
        if self.reader is not None:
            self.reader.cancel()
        await self.session.close()


async def crowd(url: str, browsers: int, rounds: int, hearts: int, label: str) -> dict:
    people = [SimulatedBrowser(url, index) for index in range(browsers)]
    timings: dict[str, list[float]] = {"catalog": [], "heart": []}
    try:
        # Sign-ups a few at a time (as browsers arrive), then every page connects.
        gate = asyncio.Semaphore(8)

        async def arrive(person):
            async with gate:
                await person.sign_up(f"{label}-{person.index}")
            await person.connect()
        await asyncio.gather(*(arrive(person) for person in people))
        weights = [weight for weight, *_ in MIX]

        async def visit(person):
            rng = random.Random(person.index)
            requests = 0
            for _ in range(rounds):
                _, kind, method, params = rng.choices(MIX, weights)[0]
                if kind == "heart":
                    params = {"quoteId": rng.choice(QUOTES[:60]), "favorite": rng.random() < 0.7}
                started = time.perf_counter()
                await person.call(method, params)
                if kind in timings:
                    timings[kind].append(time.perf_counter() - started)
                requests += 1
            return requests
        started = time.perf_counter()
        counts = await asyncio.gather(*(visit(person) for person in people))
        elapsed = time.perf_counter() - started
        # Notifications from the mix: drained, so only the measured hearts' count.
        await asyncio.sleep(1)
        for person in people:
            while not person.changes.empty():
                person.changes.get_nowait()
        fan_out = []
        notified = True
        for attempt in range(hearts):
            quote = QUOTES[60 + attempt % 10]
            sent = time.perf_counter()
            await people[0].call("favorites.toggle", {"quoteId": quote,
                                                      "favorite": attempt // 10 % 2 == 0})

            async def arrival(person):
                while True:
                    at, params = await person.changes.get()
                    if params.get("quoteId") == quote:
                        return at
            try:
                arrivals = await asyncio.wait_for(
                    asyncio.gather(*(arrival(person) for person in people)), timeout=30)
            except asyncio.TimeoutError:
                notified = False
                break
            fan_out.append(max(arrivals) - sent)
        return {"requests": sum(counts), "elapsed": elapsed, "catalog": timings["catalog"],
                "heart": timings["heart"], "fan_out": fan_out, "notified": notified}
    finally:
        await asyncio.gather(*(person.close() for person in people), return_exceptions=True)


def run(bridges: int, options) -> dict:
    deployment = Deployment(bridges, password_cost=options.password_cost)
    try:
        return asyncio.run(crowd(deployment.url, options.browsers, options.rounds,
                                 options.hearts, f"crowd{bridges}"))
    finally:
        deployment.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--binary", required=True, help="the bbfan the bridges run")
    parser.add_argument("--browsers", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=20, help="calls per browser in the mix")
    parser.add_argument("--hearts", type=int, default=5, help="hearts timed to the last browser")
    parser.add_argument("--password-cost", type=int, default=1000,
                        help="PBKDF2 iterations of the crowd's sign-ups (bbfan's default is "
                        "600000: 200 sign-ups at full cost take about 30 s of CPU here)")
    options = parser.parse_args()
    os.environ["BBFAN_BINARY"] = os.path.abspath(options.binary)
    os.environ.setdefault("BBFAN_PUBLIC_SOURCES", "off")
    results = {count: run(count, options) for count in (2, 1)}
    ms = 1000
    print(f"{options.browsers} browsers, {options.rounds} calls each, --password-cost "
          f"{options.password_cost}\n")
    print("| measure | two bridges | one bridge |\n|---|---|---|")
    rows = [("requests/s (the mix)", lambda r: f"{r['requests'] / r['elapsed']:,.0f}")]
    for kind in ("catalog", "heart"):
        name = "characters.list" if kind == "catalog" else "favorites.toggle"
        for label, fraction in (("p50", 0.5), ("p95", 0.95), ("p99", 0.99)):
            rows.append((f"{name} {label} (ms)", lambda r, k=kind, f=fraction:
                         f"{percentile(r[k], f) * ms:,.1f}"))
    rows.append(("heart to the last browser's favorites.changed, median (ms)",
                 lambda r: f"{percentile(r['fan_out'], 0.5) * ms:,.1f}" if r["notified"]
                 else "none arrived (bbfan without notifications.subscribe)"))
    rows.append(("the same, worst of the hearts (ms)",
                 lambda r: f"{max(r['fan_out']) * ms:,.1f}" if r["notified"] and r["fan_out"]
                 else "none arrived"))
    for name, show in rows:
        print(f"| {name} | {show(results[2])} | {show(results[1])} |")


if __name__ == "__main__":
    main()
