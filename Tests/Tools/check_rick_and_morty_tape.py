#!/usr/bin/env python3
"""Checks the Rick and Morty contract tape against an independent computation over the raw JSON.

Usage: check_rick_and_morty_tape.py [TAPE] [DATA_DIR]
       (defaults: Tests/Contracts/rick-and-morty.jsonl and Data/rick-and-morty)

For every request of the tape it computes, from characters.json, episodes.json and
locations.json alone, the reply the README and the schemas describe, and compares it with the
recorded one. It shares no code with bbfan. Exit status 0 when every reply agrees, 1 otherwise.
"""
import datetime
import json
import pathlib
import sys
import unicodedata

U = "rick-and-morty"
MONTHS = {m: i for i, m in enumerate(
    ["January", "February", "March", "April", "May", "June", "July", "August", "September",
     "October", "November", "December"], 1)}


def fold(text):
    text = unicodedata.normalize("NFD", text)
    text = "".join(c for c in text if unicodedata.category(c) not in ("Mn", "Me"))
    return " ".join(text.lower().split())


def tail_id(url):
    return int(url.rstrip("/").rsplit("/", 1)[1])


def main(argv):
    tape = pathlib.Path(argv[0] if argv else "Tests/Contracts/rick-and-morty.jsonl")
    data = pathlib.Path(argv[1] if len(argv) > 1 else "Data/rick-and-morty")
    chars = {c["id"]: c for c in json.loads((data / "characters.json").read_text())}
    eps = {e["id"]: e for e in json.loads((data / "episodes.json").read_text())}
    locs = {l["id"]: l for l in json.loads((data / "locations.json").read_text())}

    # Links hold when either side states them.
    ep_chars = {i: [tail_id(u) for u in e["characters"]] for i, e in eps.items()}
    for cid, c in sorted(chars.items()):
        for eid in (tail_id(u) for u in c["episode"]):
            if cid not in ep_chars[eid]:
                ep_chars[eid].append(cid)
    char_eps = {cid: sorted({eid for eid, cs in ep_chars.items() if cid in cs}) for cid in chars}
    residents = {}
    for lid, l in locs.items():
        rs = [tail_id(u) for u in l["residents"]]
        for cid in sorted(chars):
            url = chars[cid]["location"]["url"]
            if url and tail_id(url) == lid and cid not in rs:
                rs.append(cid)
        residents[lid] = rs

    def season_episode(code):
        return int(code[1:3]), int(code[4:6])

    def air(e):
        month, day, year = e["air_date"].replace(",", "").split()
        return datetime.date(int(year), MONTHS[month], int(day)).isoformat()

    def ep_record(eid):
        e = eps[eid]
        s, n = season_episode(e["episode"])
        return {"id": eid, "universe": U, "title": e["name"], "series": U, "season": s,
                "episode": n, "code": e["episode"], "airDate": air(e)}

    def place(p):
        return {"locationId": tail_id(p["url"]) if p["url"] else None, "name": p["name"]}

    def status(c):
        return {"Alive": "alive", "Dead": "deceased", "unknown": "unknown"}[c["status"]]

    def char_record(cid):
        c = chars[cid]
        return {"id": cid, "universe": U, "name": c["name"], "status": status(c),
                "species": c["species"], "type": c["type"] or None, "gender": c["gender"],
                "origin": place(c["origin"]), "location": place(c["location"]),
                "imageURL": c["image"], "episodeCount": len(char_eps[cid])}

    def loc_record(lid):
        l = locs[lid]
        return {"id": lid, "universe": U, "name": l["name"], "type": l["type"] or None,
                "dimension": l["dimension"] or None, "residentCount": len(residents[lid])}

    by_name = sorted(chars, key=lambda i: (fold(chars[i]["name"]), i))
    broadcast = sorted(eps, key=lambda i: (season_episode(eps[i]["episode"]), i))

    def not_found(kind, i):
        return {"error": {"code": -32004, "message": f"Not found: there is no {kind} with id {i}.",
                          "data": {"reason": "not-found", "kind": kind, "id": i}}}

    def resolve(refs):
        ids = []
        for pos, r in enumerate(refs):
            if isinstance(r, int):
                ids.append(r)
                continue
            same = sorted(i for i in chars if fold(chars[i]["name"]) == fold(r))
            if len(same) == 1:
                ids.append(same[0])
                continue
            if len(same) > 1:
                listed = ", ".join(map(str, same))
                problem = (f'"{r}" is the name of {len(same)} characters (ids {listed}); '
                           "give one of their ids instead")
                return {"error": {"code": -32602, "message": f"Invalid params: characters[{pos}] {problem}.",
                                  "data": {"field": f"characters[{pos}]", "problem": problem,
                                           "candidates": same}}}
            return None  # unknown names: the suggestion text is bbfan's own; checked by code only
        return ids

    def answer(method, p):
        if method == "episodes.list":
            if p.get("series") not in (None, U):
                return {"error": {"code": -32602}}
            seasons = []
            for eid in broadcast:
                r = ep_record(eid)
                if seasons and seasons[-1]["season"] == r["season"]:
                    seasons[-1]["episodes"].append(r)
                else:
                    seasons.append({"series": U, "season": r["season"], "episodes": [r]})
            return {"result": {"seasons": seasons}}
        if method == "episodes.get":
            if p["id"] not in eps:
                return not_found("episode", p["id"])
            mentions = [{"name": chars[c]["name"], "characterId": c, "characterName": chars[c]["name"]}
                        for c in ep_chars[p["id"]]]
            return {"result": dict(ep_record(p["id"]), characters=mentions)}
        if method == "episodes.filter":
            wanted = None
            if "characters" in p:
                wanted = resolve(p["characters"])
                if wanted is None:
                    return {"error": {"code": -32602}}
                if isinstance(wanted, dict):
                    return wanted
            out = []
            for eid in broadcast:
                r = ep_record(eid)
                if "code" in p and p["code"].lower() not in r["code"].lower(): continue
                if "name" in p and fold(p["name"]) not in fold(r["title"]): continue
                if "season" in p and r["season"] != p["season"]: continue
                if "airedFrom" in p and r["airDate"] < p["airedFrom"]: continue
                if "airedTo" in p and r["airDate"] > p["airedTo"]: continue
                if wanted is not None and not set(wanted) & set(ep_chars[eid]): continue
                out.append(r)
            return {"result": {"episodes": out}}
        if method == "characters.get":
            if p["id"] not in chars:
                return not_found("character", p["id"])
            return {"result": dict(char_record(p["id"]),
                                   episodes=[ep_record(e) for e in broadcast if e in char_eps[p["id"]]])}
        if method == "characters.list":
            return {"result": {"characters": [char_record(i) for i in by_name]}}
        if method == "characters.filter":
            out = []
            for i in by_name:
                c = chars[i]
                if "name" in p and fold(p["name"]) not in fold(c["name"]): continue
                if "species" in p and fold(p["species"]) not in fold(c["species"]): continue
                if "type" in p and fold(p["type"]) not in fold(c["type"]): continue
                if "gender" in p and p["gender"].lower() != c["gender"].lower(): continue
                if "status" in p and p["status"] != status(c): continue
                if "seasons" in p and not {ep_record(e)["season"] for e in char_eps[i]} & set(p["seasons"]): continue
                out.append(char_record(i))
            return {"result": {"characters": out}}
        if method == "locations.list":
            return {"result": {"locations": [loc_record(i) for i in sorted(locs)]}}
        if method == "locations.get":
            if p["id"] not in locs:
                return not_found("location", p["id"])
            return {"result": dict(loc_record(p["id"]),
                                   residents=[{"id": c, "name": chars[c]["name"]} for c in residents[p["id"]]])}
        raise SystemExit(f"no independent computation for {method}")

    # Pagination: a list reply is a slice of the whole list; a cursor is where an earlier reply
    # of the same query said the next page starts (cursors are opaque, so they are followed,
    # not decoded).
    LISTS = {"episodes.list": "seasons", "episodes.filter": "episodes", "characters.list": "characters",
             "characters.filter": "characters", "locations.list": "locations"}
    starts = {}

    def paged(method, params, full):
        query = json.dumps({k: v for k, v in params.items() if k not in ("limit", "cursor")}, sort_keys=True)
        start = 0
        if "cursor" in params:
            if (method, query, params["cursor"]) not in starts:
                return {"error": {"code": -32602}}
            start = starts[(method, query, params["cursor"])]
        key = LISTS[method]
        records = full["result"][key]
        if method == "episodes.list":
            records = [e for season in records for e in season["episodes"]]
        end = len(records) if "limit" not in params else min(len(records), start + params["limit"])
        page = records[start:end]
        if method == "episodes.list":
            seasons = []
            for r in page:
                if seasons and seasons[-1]["season"] == r["season"]:
                    seasons[-1]["episodes"].append(r)
                else:
                    seasons.append({"series": U, "season": r["season"], "episodes": [r]})
            page = seasons
        return {"result": {key: page, "total": len(records), "nextCursor": None if end == len(records) else end}}

    failures = 0
    for number, line in enumerate(tape.read_text().splitlines(), 1):
        entry = json.loads(line)
        sent = json.loads(entry["send"])
        params = sent.get("params", {})
        got = entry["expect"]
        if sent["method"] in LISTS:
            full = answer(sent["method"], {k: v for k, v in params.items() if k not in ("limit", "cursor")})
            expected = full if "error" in full else paged(sent["method"], params, full)
            next_start = expected.get("result", {}).get("nextCursor")
            if next_start is not None:
                # The reply's cursor is opaque: record where it must lead, and compare the rest.
                cursor = got.get("result", {}).get("nextCursor")
                query = json.dumps({k: v for k, v in params.items() if k not in ("limit", "cursor")}, sort_keys=True)
                starts[(sent["method"], query, cursor)] = next_start
                expected["result"]["nextCursor"] = cursor if isinstance(cursor, str) else "a cursor"
        else:
            expected = answer(sent["method"], params)
        if "error" in expected and set(expected["error"]) == {"code"}:
            ok = got.get("error", {}).get("code") == expected["error"]["code"]
        else:
            ok = {k: v for k, v in got.items() if k in ("result", "error")} == expected
        if not ok:
            failures += 1
            print(f"{tape}:{number}: {sent['method']} {json.dumps(sent.get('params'))} differs")
    print(f"{tape}: {'every reply agrees' if not failures else f'{failures} replies differ'}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
