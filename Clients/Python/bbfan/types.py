"""The typed params and result of every bbfan method, generated from Schemas/ (see `_types`).

    from bbfan import types

    result: types.EpisodesGetResult = await client.send(types.EpisodesGetParams(id=1))
"""
from ._types import *  # noqa: F401,F403
from ._types import __all__  # noqa: F401
from ._types import __getattr__ as __getattr__  # the per-method names of shared classes, deprecated
