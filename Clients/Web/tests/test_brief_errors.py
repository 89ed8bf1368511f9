"""The bridge's errors quote what a browser sent briefly, as bbfan's do; "params": null is none."""

import json
import unittest

from test_bridge import OneBrowserTestCase

from bbfan_web.brief import bare, quoted

# A 100,000-character input whose 64-character prefix is not a run of one letter.
LONG = "abcdefghij" * 10_000
MEGABYTE = "klmnopqrst" * 100_000
LIMIT = 4096


class BriefErrorTests(OneBrowserTestCase):
    async def send(self, request_id: int, message: dict) -> tuple[int, dict]:
        """The size in bytes of the reply to `message`, and the reply."""
        await self.browser.ws.send_str(json.dumps({"jsonrpc": "2.0", "id": request_id, **message}))
        while True:
            text = (await self.browser.ws.receive(timeout=60)).data
            reply = json.loads(text)
            if reply.get("id") == request_id:
                return len(text.encode()), reply

    def assert_brief(self, size: int, reply: dict, text: str) -> None:
        self.assertLess(size, LIMIT, reply["error"]["message"][:200])
        self.assertNotIn(text[:65], json.dumps(reply, ensure_ascii=False))

    def test_the_rule(self):
        self.assertEqual(bare("x" * 64), "x" * 64)
        self.assertEqual(quoted("nope"), "'nope'")
        self.assertEqual(bare("é" * 65), "é" * 64 + "… (65 characters)")
        self.assertEqual(quoted(LONG), repr(LONG[:64] + "…") + " (100000 characters)")

    async def test_a_long_method_name_is_quoted_briefly(self):
        for request_id, name in [(1, LONG), (2, MEGABYTE)]:
            size, reply = await self.send(request_id, {"method": name})
            self.assertEqual(reply["error"]["code"], -32601)
            self.assertEqual(reply["error"]["data"]["method"], bare(name))
            self.assertIn(quoted(name), reply["error"]["message"])
            self.assert_brief(size, reply, name)
        size, reply = await self.send(3, {"method": [LONG]})
        self.assertEqual(reply["error"]["code"], -32601)
        self.assertIsNone(reply["error"]["data"]["method"])
        self.assert_brief(size, reply, LONG)

    async def test_a_long_param_name_is_quoted_briefly(self):
        size, reply = await self.send(4, {"method": "episodes.list", "params": {LONG: 1}})
        self.assertEqual(reply["error"]["code"], -32602)
        self.assertEqual(reply["error"]["data"]["field"], bare(LONG))
        self.assertIn(bare(LONG), reply["error"]["message"])
        self.assert_brief(size, reply, LONG)

    async def test_bbfans_errors_come_through_brief(self):
        # bbfan quotes the unknown name briefly (or refuses it by its bound); either way the
        # bridge forwards a small error.
        size, reply = await self.send(5, {"method": "episodes.filter",
                                          "params": {"characters": [LONG]}})
        self.assertEqual(reply["error"]["code"], -32602)
        self.assert_brief(size, reply, LONG)
        # The sign-in endpoint takes bodies of up to 64 KiB: a 60,000-character username.
        username = LONG[:60_000]
        async with self.browser.session.post(f"{self.server.url}/auth/login",
                                             json={"username": username,
                                                   "password": "x"}) as response:
            body = await response.read()
            status = response.status
        self.assertLess(len(body), LIMIT, (status, body[:300]))
        self.assertEqual(status, 200, body[:300])
        error = json.loads(body)["error"]
        # unknown-user, or -32602 where the schema bounds a username's length.
        self.assertIn(error["code"], (-32002, -32602), error)
        self.assertNotIn(LONG[:65], json.dumps(error, ensure_ascii=False))

    async def test_short_inputs_are_quoted_as_before(self):
        _, reply = await self.send(6, {"method": "nope"})
        self.assertEqual(reply["error"]["message"], "Method not found: 'nope' is not offered to browsers.")
        self.assertEqual(reply["error"]["data"], {"reason": "not-allowed", "method": "nope"})
        _, reply = await self.send(7, {"method": "episodes.list", "params": {"tape": "x"}})
        self.assertEqual(reply["error"]["message"],
                         "Invalid params: tape is not a param browsers may give to episodes.list.")
        self.assertEqual(reply["error"]["data"], {"reason": "not-allowed", "field": "tape"})

    async def test_null_params_are_no_params(self):
        _, with_null = await self.send(8, {"method": "service.info", "params": None})
        _, without = await self.send(9, {"method": "service.info"})
        self.assertEqual(with_null["result"], without["result"])
        _, with_null = await self.send(10, {"method": "episodes.list", "params": None})
        _, without = await self.send(11, {"method": "episodes.list"})
        self.assertEqual(with_null["result"], without["result"])


if __name__ == "__main__":
    unittest.main()
