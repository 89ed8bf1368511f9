"""bbfan_client: the old name of the `bbfan` package, kept for one release.

Deprecated: `import bbfan` instead (`pip install ./Clients/Python`); every name is the same.
"""

import warnings
from typing import Any

import bbfan
from bbfan import *  # noqa: F401,F403
from bbfan import __all__  # noqa: F401

warnings.warn(
    "bbfan_client is deprecated and goes away in the next release: import bbfan instead",
    DeprecationWarning,
    stacklevel=2,
)


def __getattr__(name: str) -> Any:
    """bbfan's deprecated names (bbfan_client.Quote is bbfan.Quote), with its warning."""
    return getattr(bbfan, name)
