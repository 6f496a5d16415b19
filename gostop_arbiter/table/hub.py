"""The pages following the table: each is sent every new state as it is recorded, over
server-sent events, made once for each language in use (decisions T7, T18)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from ..messages import Lang
from ..records import frozen
from .guard import Role

MAX_WATCHERS = 56
"""Watchers' pages that may follow the table at once (a family has a handful of phones)."""

KEEPER_STREAMS = 8
"""Streams kept for the scorekeeper's pages, whatever the watchers have taken (decision T18)."""

PER_CLIENT = 4
"""Streams one address may hold: a phone with a tab or two open (decision T18)."""

HEARTBEAT = 5.0
"""Seconds between the comments that keep a stream open through idle Wi-Fi: a page that hears
nothing for twelve seconds knows the table cannot be reached, and says so (decision T34)."""


@frozen
class _Follower:
    """A page that follows the evening's stream: the language it reads, its link's role, its address."""

    lang: Lang
    role: Role
    client: str


class Hub:
    """The pages following the table, each with its stream: each gets every new state as it is
    recorded, made once for each language in use."""

    def __init__(self) -> None:
        self._queues: dict[asyncio.Queue[str], _Follower] = {}

    def refusal(self, role: Role, client: str) -> tuple[int, str, int] | None:
        """Why a page of ``role`` at address ``client`` may not follow now (its status, the
        catalogue's sentence and its number), or None: the watchers' pages cannot take the
        slots kept for the scorekeeper's, and one phone cannot take them all."""
        followers = list(self._queues.values())
        if sum(f.client == client for f in followers) >= PER_CLIENT:
            return 429, _ONE_PHONE, PER_CLIENT
        most, why = _FOLLOWING[role]
        if sum(f.role == role for f in followers) >= most:
            return 503, why, most
        return None

    def subscribe(self, lang: Lang, role: Role, client: str) -> asyncio.Queue[str]:
        queue: asyncio.Queue[str] = asyncio.Queue(maxsize=4)
        self._queues[queue] = _Follower(lang, role, client)
        return queue

    def unsubscribe(self, queue: asyncio.Queue[str]) -> None:
        self._queues.pop(queue, None)

    def publish(self, message_in: Callable[[Lang], str]) -> None:
        made: dict[Lang, str] = {}
        for queue, follower in list(self._queues.items()):
            lang = follower.lang
            if lang not in made:
                made[lang] = message_in(lang)
            if queue.full():  # a watcher that stopped reading gets the newest state when it wakes
                queue.get_nowait()
            queue.put_nowait(made[lang])

    def __len__(self) -> int:
        return len(self._queues)


_ONE_PHONE = "this phone already follows the table in {n} pages: close one, then reload this page"

_FOLLOWING: dict[Role, tuple[int, str]] = {
    "watcher": (
        MAX_WATCHERS,
        "this table already has {n} watchers' pages following it: close one, then reload this page",
    ),
    "scorekeeper": (
        KEEPER_STREAMS,
        "the scorekeeper's link already follows the table in {n} pages: close one, then reload this page",
    ),
}
"""The most streams of each role, and what a page refused one is told."""
