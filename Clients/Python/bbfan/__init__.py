"""bbfan: the Python client of bbfan, the JSON-RPC back end of the fan apps.

`BBFanClient` is the asyncio client; `BlockingClient` makes the same calls for scripts, each
returning when the reply has come. Every method `a.bC` has the call `a_b_c` (one rule, from its
wire name); `bbfan.types`, generated from Schemas/, holds every method's params and result.
Results are frozen dataclasses; errors are `BBFanError`.
"""

from ._client import (
    DEFAULT_MAX_MESSAGE_BYTES,
    KEEP,
    Account,
    BBFanClient,
    BBFanError,
    Character,
    CharacterDetails,
    Creature,
    CreatureDetails,
    DueQuiz,
    DueQuizzes,
    Episode,
    EpisodeDetails,
    Location,
    Mention,
    OnlineQuiz,
    Overview,
    Page,
    PasswordCheck,
    PasswordProblem,
    PasswordRule,
    Photo,
    Place,
    Profile,
    Quiz,
    QuizReview,
    Quote,
    ReviewState,
    Season,
    SignedIn,
    Toggle,
    User,
)
from ._blocking import BlockingClient
from . import types
from .types import DecodeError, Request

__all__ = [
    "DEFAULT_MAX_MESSAGE_BYTES",
    "KEEP",
    "Account",
    "BBFanClient",
    "BBFanError",
    "BlockingClient",
    "Character",
    "CharacterDetails",
    "Creature",
    "DecodeError",
    "CreatureDetails",
    "DueQuiz",
    "DueQuizzes",
    "Episode",
    "EpisodeDetails",
    "Location",
    "Mention",
    "OnlineQuiz",
    "Overview",
    "Page",
    "PasswordCheck",
    "PasswordProblem",
    "PasswordRule",
    "Photo",
    "Place",
    "Profile",
    "Quiz",
    "QuizReview",
    "Quote",
    "Request",
    "ReviewState",
    "Season",
    "SignedIn",
    "Toggle",
    "User",
    "types",
]
