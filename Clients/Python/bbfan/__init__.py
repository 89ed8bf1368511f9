"""bbfan: the Python client of bbfan, the JSON-RPC back end of the fan apps.

`BBFanClient` is the asyncio client; `BlockingClient` makes the same calls for scripts, each
returning when the reply has come. Every method `a.bC` has the call `a_b_c` (one rule, from its
wire name), which takes `types.ABCParams`'s members as arguments and answers `types.ABCResult`;
`bbfan.types`, generated from Schemas/, holds every method's params and result.
Results are frozen dataclasses; errors are `BBFanError`.

The wire dataclasses that were written by hand before 0.3 are gone. The names user code may have
imported stay for one release as deprecated aliases of the generated class of the same members in
the same order (`bbfan.Quote` is `types.QuotesRandomResult`): reading one warns
DeprecationWarning. `Episode`, `EpisodeDetails`, `Character`, `CharacterDetails`, `Creature`,
`CreatureDetails` and `Location` have no such class and are gone (see README, "Changes in 0.3").
"""

import warnings
from typing import TYPE_CHECKING, Any

from ._client import (
    DEFAULT_MAX_MESSAGE_BYTES,
    KEEP,
    BBFanClient,
    BBFanError,
    Page,
)
from ._blocking import BlockingClient
from . import types
from .types import DecodeError, Request

DEPRECATED_ALIASES: dict[str, str] = {
    "Account": "AuthAccountsResultAccountsItem",
    "DueQuiz": "QuizzesDueResultQuizzesItem",
    "DueQuizzes": "QuizzesDueResult",
    "Mention": "EpisodesGetResultCharactersItem",
    "OnlineQuiz": "QuizzesOnlineResultQuizzesItem",
    "Overview": "QuotesOverviewResult",
    "PasswordCheck": "AuthCheckPasswordResult",
    "PasswordProblem": "AuthCheckPasswordResultProblemsItem",
    "PasswordRule": "AuthCheckPasswordResultRulesItem",
    "Photo": "Photo",
    "Place": "LocationRef",
    "Profile": "ProfileGetResult",
    "Quiz": "QuizzesGetResult",
    "QuizReview": "QuizzesReviewResult",
    "Quote": "QuotesRandomResult",
    "ReviewState": "Review",
    "Season": "EpisodesListResultSeasonsItem",
    "SignedIn": "AuthLoginResult",
    "Toggle": "FavoritesToggleResult",
    "User": "User",
}
"""The names of the hand-written dataclasses before 0.3 that stay one release, each the generated
class (in `bbfan.types`) with the same members in the same order."""

if TYPE_CHECKING:
    Account = types.AuthAccountsResultAccountsItem
    DueQuiz = types.QuizzesDueResultQuizzesItem
    DueQuizzes = types.QuizzesDueResult
    Mention = types.EpisodesGetResultCharactersItem
    OnlineQuiz = types.QuizzesOnlineResultQuizzesItem
    Overview = types.QuotesOverviewResult
    PasswordCheck = types.AuthCheckPasswordResult
    PasswordProblem = types.AuthCheckPasswordResultProblemsItem
    PasswordRule = types.AuthCheckPasswordResultRulesItem
    Photo = types.Photo
    Place = types.LocationRef
    Profile = types.ProfileGetResult
    Quiz = types.QuizzesGetResult
    QuizReview = types.QuizzesReviewResult
    Quote = types.QuotesRandomResult
    ReviewState = types.Review
    Season = types.EpisodesListResultSeasonsItem
    SignedIn = types.AuthLoginResult
    Toggle = types.FavoritesToggleResult
    User = types.User


def __getattr__(name: str) -> Any:
    """A deprecated name of DEPRECATED_ALIASES: warns, then answers its generated class."""
    generated = DEPRECATED_ALIASES.get(name)
    if generated is None:
        raise AttributeError(f"module 'bbfan' has no attribute {name!r}")
    warnings.warn(f"bbfan.{name} is deprecated and goes away in the next release: use bbfan.types.{generated}",
                  DeprecationWarning, stacklevel=2)
    return getattr(types, generated)


__all__ = [
    "DEFAULT_MAX_MESSAGE_BYTES",
    "KEEP",
    "BBFanClient",
    "BBFanError",
    "BlockingClient",
    "DecodeError",
    "Page",
    "Request",
    "types",
]
