"""`python3 -m bbfan [PATH_TO_BBFAN]`: a short tour of the client against a bbfan binary."""

import asyncio
import sys

from ._client import _example

asyncio.run(_example(sys.argv[1] if len(sys.argv) > 1 else "bbfan"))
