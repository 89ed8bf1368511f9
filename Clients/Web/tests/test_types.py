"""The pages' calls type-check against bbfan's contract: `tsc -p Clients/Web/jsconfig.json`.

Every call of the page goes through rpc.js's `call`, typed by the method map of the Node client's
`bbfan.d.ts` (generated from Schemas/) and the overlay `bbfan_web/static/types.d.ts` (what the
bridge offers and rewrites). These tests run Debian's TypeScript (`tsc`, or TSC) on the pages,
check that it refuses a snippet of wrong calls with the error each line expects, and that the
overlay's methods are those the bridge forwards. A missing tsc fails them (never a skip):
`apt-get install node-typescript`.
"""

import json
import os
import re
import shutil
import subprocess
import tempfile
import unittest
from pathlib import Path

from bbfan_web import allowlist

WEB = Path(__file__).resolve().parent.parent
CONFIG = WEB / "jsconfig.json"
STATIC = WEB / "bbfan_web" / "static"
NODE_TYPES = WEB.parent / "Node" / "bbfan.d.ts"


def tsc(*arguments: str) -> tuple[int, str]:
    """Runs tsc; fails the test, loudly, when there is none."""
    compiler = shutil.which(os.environ.get("TSC") or "tsc")
    if compiler is None:
        raise AssertionError("TypeScript's compiler (tsc) is not installed: apt-get install node-typescript "
                             "(Debian's TypeScript 4.8; make test-deps installs it)")
    result = subprocess.run([compiler, "--pretty", "false", *arguments], capture_output=True, text=True,
                            cwd=WEB, check=False)
    return result.returncode, result.stdout + result.stderr


# Each line marked EXPECT must be refused with that error, at that line; the others must pass.
WRONG_CALLS = """\
import { auth, call, on } from 'RPC';
call('characters.gett', { id: 1 }); // EXPECT TS2345: a method bbfan does not have
call('auth.login', { username: 'a', password: 'b' }); // EXPECT TS2345: one the bridge does not offer
call('characters.get', { idd: 1 }); // EXPECT TS2345: a param the method does not take
call('characters.get', { id: '1' }); // EXPECT TS2322: a param of the wrong type
call('characters.get'); // EXPECT TS2554: a required param left out
call('characters.get', { id: 1, token: 'secret' }); // EXPECT TS2345: a token (the bridge adds it)
call('profile.update', { photo: { path: '/etc/passwd' } }); // EXPECT TS2322: a photo by path
call('images.fetch', { url: 'u' }).then((image) => image.path); // EXPECT TS2339: the bridge gives href
call('service.info').then((info) => info.dataDirectory); // EXPECT TS2339: the bridge drops it
call('episodes.list').then((page) => page.episodes); // EXPECT TS2339: a result member it lacks
on('catalog.change', () => {}); // EXPECT TS2345: a notification the bridge never sends
auth('switch', { user: 'a' }); // EXPECT TS2345: a sign-in body the bridge refuses
call('characters.get', { id: 1, universe: 'rick-and-morty' }).then((character) => character.name);
call('images.fetch', { url: 'u' }).then((image) => image.href);
call('episodes.list', { series: 'breaking-bad' }).then((page) => page.seasons.map((season) => season.episodes.length));
call('auth.accounts').then((found) => found.accounts.map((account) => account.user.username));
on('notifications/progress', (params) => params.progress);
auth('logout', {});
"""


class PageTypeTests(unittest.TestCase):
    def test_tsc_is_typescript_4_8_or_later(self):
        status, output = tsc("--version")
        self.assertEqual(status, 0, output)
        major, minor = map(int, re.search(r"Version (\d+)\.(\d+)", output).groups())
        self.assertGreaterEqual((major, minor), (4, 8), output)

    def test_the_pages_type_check_against_bbfan_d_ts(self):
        self.assertTrue(NODE_TYPES.is_file(), f"{NODE_TYPES} is missing: types.d.ts imports it from beside Clients/Web")
        status, output = tsc("-p", str(CONFIG))
        self.assertEqual((status, output), (0, ""))

    def test_tsc_refuses_each_wrong_call_with_the_error_its_line_expects(self):
        with tempfile.TemporaryDirectory(prefix="bbfan-web-types-") as folder:
            snippet = Path(folder) / "wrong.js"
            snippet.write_text(WRONG_CALLS.replace("'RPC'", json.dumps(str(STATIC / "rpc.js"))))
            config = Path(folder) / "tsconfig.json"
            config.write_text(json.dumps({"extends": str(CONFIG), "files": [str(snippet)], "include": []}))
            status, output = tsc("-p", str(config))
        expected = [(index + 1, match.group(1)) for index, line in enumerate(WRONG_CALLS.splitlines())
                    for match in re.finditer(r"EXPECT (TS\d+)", line)]
        refused = [(int(line), code) for line, code in re.findall(r"wrong\.js\((\d+),\d+\): error (TS\d+)", output)]
        self.assertEqual(status, 2, output)
        self.assertGreaterEqual(len(expected), 12)
        self.assertEqual(refused, expected, output)
        # Nothing but the snippet's lines: the pages themselves type-check.
        self.assertEqual(len(re.findall(r": error TS", output)), len(expected), output)

    def test_the_methods_the_pages_may_call_are_those_the_bridge_offers(self):
        overlay = (STATIC / "types.d.ts").read_text()
        union = re.search(r"export type OfferedName = Known<(.*?)>;", overlay, re.S).group(1)
        offered = set(re.findall(r'"([\w./]+)"', union))
        known = set(re.findall(r'^  "([\w.]+)": \{ params:', NODE_TYPES.read_text(), re.M))
        self.assertGreater(len(offered), 20)
        self.assertLessEqual(offered, known)
        for method in sorted(known):
            with self.subTest(method=method):
                refused = allowlist.check(method, None)
                if method in offered:
                    self.assertIsNone(refused)
                else:
                    self.assertIsNotNone(refused)
                    self.assertEqual(refused[0], -32601)


class PageStructureTests(unittest.TestCase):
    """What only one module does: the page's structure as Docs/Web.md describes it."""

    modules = {path.name: path.read_text() for path in sorted(STATIC.glob("*.js"))}

    def only(self, pattern: str) -> list[str]:
        return [name for name, text in self.modules.items() if re.search(pattern, text)]

    def test_only_rpc_js_talks_to_the_bridge(self):
        self.assertEqual(self.only(r"new WebSocket|\bfetch\(|XMLHttpRequest|\.send\("), ["rpc.js"])
        # Every other module that calls bbfan imports call from rpc.js.
        for name in self.only(r"\bcall\("):
            if name != "rpc.js":
                self.assertRegex(self.modules[name], r"import \{[^}]*\bcall\b[^}]*\} from './rpc\.js'", name)

    def test_one_router_one_switcher_and_only_app_js_names_a_universe(self):
        self.assertEqual(self.only(r"hashchange"), ["router.js"])
        self.assertEqual(self.only(r"account-button"), ["session.js"])
        self.assertEqual(self.only(r"auth\('switch'"), ["session.js"])
        self.assertEqual(self.only(r"universe: '"), ["app.js"])
        self.assertEqual(self.only(r"'rick-and-morty'"), ["app.js"])


if __name__ == "__main__":
    unittest.main()
