"""The table app: a local web server over one evening's recorder (FastAPI, served by uvicorn).

Two tokens open it: the scorekeeper's, which may write, and the watchers', which may only read.
Every write answers with the whole state; every watcher's page is sent the new state at once over
server-sent events. Requests run one at a time on the event loop, so two writes never interleave,
and a write names the revision it follows (a stale one is refused with 409).
"""

from __future__ import annotations

import asyncio
import functools
import json
import secrets
from collections.abc import AsyncIterator, Awaitable, Callable, MutableMapping
from dataclasses import dataclass
from importlib import resources
from typing import Any, cast

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, PlainTextResponse, Response, StreamingResponse

from ..render.words import Lang
from .recorder import Evening, RecorderError, Setup, StaleWrite
from .views import (
    CorrectRequest,
    FlipsRequest,
    PushRequest,
    Role,
    SetupRequest,
    UndoRequest,
    options_of,
    state_of,
    violation_view,
)
from .words import page_words

MAX_BODY = 64 * 1024
"""The largest request body taken (a deal of four hands is well under a kilobyte)."""

HEARTBEAT = 15.0
"""Seconds between the comments that keep a watcher's stream open through idle Wi-Fi."""


@dataclass(frozen=True)
class Tokens:
    """The two secrets in the links: the scorekeeper's writes, the watchers' reads."""

    scorekeeper: str
    watcher: str

    @classmethod
    def new(cls) -> Tokens:
        return cls(secrets.token_urlsafe(16), secrets.token_urlsafe(16))

    def role_of(self, token: str | None) -> Role | None:
        if token is None:
            return None
        if secrets.compare_digest(token.encode(), self.scorekeeper.encode()):
            return "scorekeeper"
        if secrets.compare_digest(token.encode(), self.watcher.encode()):
            return "watcher"
        return None


class Hub:
    """The watchers' streams, by the language of their page: each gets every new state as it is
    recorded, made once for each language in use."""

    def __init__(self) -> None:
        self._queues: dict[asyncio.Queue[str], Lang] = {}

    def subscribe(self, lang: Lang) -> asyncio.Queue[str]:
        queue: asyncio.Queue[str] = asyncio.Queue(maxsize=64)
        self._queues[queue] = lang
        return queue

    def unsubscribe(self, queue: asyncio.Queue[str]) -> None:
        self._queues.pop(queue, None)

    def publish(self, message_in: Callable[[Lang], str]) -> None:
        made: dict[Lang, str] = {}
        for queue, lang in list(self._queues.items()):
            if lang not in made:
                made[lang] = message_in(lang)
            if queue.full():  # a watcher that stopped reading gets the newest state when it wakes
                queue.get_nowait()
            queue.put_nowait(made[lang])

    def __len__(self) -> int:
        return len(self._queues)


class BodyLimit:
    """Refuses a request body past :data:`MAX_BODY` with 413, counted as it arrives (a chunked
    body has no length to check first)."""

    def __init__(self, app: Any, limit: int = MAX_BODY) -> None:
        self.app = app
        self.limit = limit

    async def __call__(
        self,
        scope: MutableMapping[str, Any],
        receive: Callable[[], Awaitable[MutableMapping[str, Any]]],
        send: Callable[[MutableMapping[str, Any]], Awaitable[None]],
    ) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = dict(scope.get("headers") or []).get(b"content-length")
        if declared is not None and (not declared.isdigit() or int(declared) > self.limit):
            await _too_large(send, self.limit)
            return
        seen = 0

        async def limited() -> MutableMapping[str, Any]:
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self.limit:
                    raise _TooLarge
            return message

        try:
            await self.app(scope, limited, send)
        except _TooLarge:
            await _too_large(send, self.limit)


class _TooLarge(Exception):
    pass


async def _too_large(send: Callable[[MutableMapping[str, Any]], Awaitable[None]], limit: int) -> None:
    body = json.dumps({"message": f"the request is larger than {limit // 1024} KiB"}).encode()
    await send({"type": "http.response.start", "status": 413, "headers": [(b"content-type", b"application/json")]})
    await send({"type": "http.response.body", "body": body})


def _lang(value: str | None) -> Lang:
    return "en" if value == "en" else "ko"


def create_app(evening: Evening, tokens: Tokens) -> Any:
    """The ASGI app of one evening."""
    app = FastAPI(title="gostop-arbiter table", docs_url=None, redoc_url=None, openapi_url=None)
    hub = Hub()

    def role(request: Request) -> Role | None:
        return tokens.role_of(request.query_params.get("t") or request.headers.get("x-table-token"))

    def refused(message: str, status: int, **more: Any) -> JSONResponse:
        return JSONResponse({"message": message, **more}, status_code=status)

    def forbidden() -> JSONResponse:
        return refused("this link's token does not open this table", 403)

    def current(request: Request, who: Role) -> dict[str, Any]:
        return state_of(evening, who, _lang(request.query_params.get("lang"))).model_dump(mode="json")

    def announce() -> None:
        if len(hub):
            hub.publish(lambda lang: state_of(evening, "watcher", lang).model_dump_json())

    async def write(request: Request, change: Callable[[], object]) -> JSONResponse:
        who = role(request)
        if who is None:
            return forbidden()
        if who != "scorekeeper":
            return refused("a watcher's link may look, not write", 403)
        try:
            change()
        except StaleWrite as stale:
            return refused(str(stale), 409, state=current(request, who), revision=stale.revision)
        except RecorderError as error:
            lang = _lang(request.query_params.get("lang"))
            return refused(str(error), error.status, violations=[violation_view(v, lang) for v in error.violations])
        announce()
        return JSONResponse(current(request, who))

    @app.exception_handler(RequestValidationError)
    async def malformed(request: Request, error: RequestValidationError) -> JSONResponse:
        reasons = [f"{'.'.join(str(p) for p in e['loc'][1:]) or 'body'}: {e['msg']}" for e in error.errors()]
        return refused("the request is not what this table takes: " + "; ".join(reasons[:5]), 422)

    @app.exception_handler(Exception)
    async def unexpected(request: Request, error: Exception) -> JSONResponse:  # never a traceback on a page
        return refused(f"the table could not do that ({type(error).__name__}); nothing was changed", 500)

    @app.get("/", response_class=HTMLResponse)
    async def page(request: Request) -> Response:
        if role(request) is None:
            return HTMLResponse(
                "<!doctype html><title>403</title><p>이 링크로는 열 수 없습니다 · this link does not open this table",
                403,
            )
        return HTMLResponse(_page_html())

    @app.get("/api/state")
    async def get_state(request: Request) -> JSONResponse:
        who = role(request)
        if who is None:
            return forbidden()
        return JSONResponse(current(request, who))

    @app.get("/api/words")
    async def words(request: Request) -> JSONResponse:
        if role(request) is None:
            return forbidden()
        return JSONResponse(page_words(_lang(request.query_params.get("lang"))))

    @app.get("/api/faces")
    async def faces(request: Request) -> Response:
        if role(request) is None:
            return forbidden()
        return Response(_faces(_lang(request.query_params.get("lang"))), media_type="application/json")

    @app.post("/api/setup")
    async def setup(request: Request, body: SetupRequest) -> JSONResponse:
        wanted = Setup(body.seats, body.dealer, body.stake, body.rules, dict(body.sets), body.event)
        return await write(request, lambda: evening.start(body.after, wanted))

    @app.post("/api/push")
    async def push(request: Request, body: PushRequest) -> JSONResponse:
        return await write(request, lambda: evening.push(body.after, body.lines))

    @app.post("/api/undo")
    async def undo(request: Request, body: UndoRequest) -> JSONResponse:
        return await write(request, lambda: evening.undo(body.after))

    @app.post("/api/correct")
    async def correct(request: Request, body: CorrectRequest) -> JSONResponse:
        return await write(request, lambda: evening.correct(body.after, body.index, body.line))

    @app.post("/api/flips")
    async def flips(request: Request, body: FlipsRequest) -> JSONResponse:
        who = role(request)
        if who is None:
            return forbidden()
        try:
            turns = evening.flips(body.play)
        except RecorderError as error:
            return refused(str(error), error.status)
        return JSONResponse([o.model_dump(mode="json") for o in options_of(turns)])

    @app.get("/api/events")
    async def events(request: Request) -> Response:
        if role(request) is None:
            return forbidden()
        lang = _lang(request.query_params.get("lang"))
        queue = hub.subscribe(lang)
        first = state_of(evening, "watcher", lang).model_dump_json()

        async def stream() -> AsyncIterator[str]:
            try:
                yield f"data: {first}\n\n"
                while True:
                    try:
                        message = await asyncio.wait_for(queue.get(), HEARTBEAT)
                    except TimeoutError:
                        yield ": still here\n\n"
                        continue
                    yield f"data: {message}\n\n"
            finally:
                hub.unsubscribe(queue)

        return StreamingResponse(
            stream(), media_type="text/event-stream", headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"}
        )

    @app.get("/evening.gsn")
    async def download(request: Request) -> Response:
        if role(request) is None:
            return forbidden()
        return PlainTextResponse(
            evening.text,
            media_type="text/plain; charset=utf-8",
            headers={"Content-Disposition": f"attachment; filename*=UTF-8''{_quoted(evening.path.name)}"},
        )

    @app.get("/evening.html", response_class=HTMLResponse)
    async def replay_page(request: Request) -> Response:
        if role(request) is None:
            return forbidden()
        return HTMLResponse(evening_html(evening, _lang(request.query_params.get("lang"))))

    app.state.hub = hub
    return cast(Any, BodyLimit(app))


def evening_html(evening: Evening, lang: Lang) -> str:
    """The HTML replay of what is recorded, as ``render`` writes it."""
    from ..judging.file import judge_file
    from ..notation import read_hands
    from ..render.html import render_html
    from ..render.replay import SnapshotVisitor

    hands = [r.hand for r in read_hands(evening.lines) if r.hand is not None] if evening.lines else []
    taken = SnapshotVisitor(deal=True)
    verdict = judge_file(evening.path.name, hands, visitor=taken)
    return render_html(evening.path.name, hands, verdict, taken.taken, lang=lang)


_NOT_OPENED = "<!doctype html><title>403</title><p>이 링크로는 열 수 없습니다 · this link does not open this table"


@functools.cache
def _faces(lang: Lang) -> bytes:
    """The hwatu faces of the HTML replay, by card code, for the page's cards."""
    from ..render.cards_svg import all_faces

    return json.dumps(all_faces(lang)).encode()


def _quoted(name: str) -> str:
    from urllib.parse import quote

    return quote(name)


def _page_html() -> str:
    return resources.files("gostop_arbiter.table").joinpath("page.html").read_text(encoding="utf-8")
