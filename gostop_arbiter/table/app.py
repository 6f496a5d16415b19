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
from importlib import resources
from typing import Any, cast

from fastapi import FastAPI, Query, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, PlainTextResponse, Response, StreamingResponse

from ..messages import Lang, say
from ..records import frozen
from .recorder import Evening, RecorderError, Setup, StaleWrite
from .views import (
    CorrectRequest,
    FlipsRequest,
    PushRequest,
    Role,
    SetupRequest,
    UndoRequest,
    move_of,
    options_of,
    state_of,
    violation_view,
)
from .words import page_words

MAX_BODY = 64 * 1024
"""The largest request body taken (a deal of four hands is well under a kilobyte)."""

MAX_WATCHERS = 64
"""Pages that may follow the table at once (a family has a handful of phones)."""

HEARTBEAT = 15.0
"""Seconds between the comments that keep a watcher's stream open through idle Wi-Fi."""


@frozen
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
        queue: asyncio.Queue[str] = asyncio.Queue(maxsize=4)
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


Receive = Callable[[], Awaitable[MutableMapping[str, Any]]]
Send = Callable[[MutableMapping[str, Any]], Awaitable[None]]

READ_ONLY = frozenset({"/", "/api/state", "/api/words", "/api/faces", "/api/events", "/evening.gsn", "/evening.html"})
"""What a watcher's link may open; every other path is the scorekeeper's."""


class Guard:
    """What every request passes before the app reads it: the right token for what it asks (403),
    and a body of at most :data:`MAX_BODY` bytes, read here whole (413: a chunked body has no
    length to check first)."""

    def __init__(self, app: Any, tokens: Tokens, limit: int = MAX_BODY) -> None:
        self.app = app
        self.tokens = tokens
        self.limit = limit

    async def __call__(self, scope: MutableMapping[str, Any], receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = dict(scope.get("headers") or [])
        query = _query(scope)
        lang = _lang(query.get("lang"))
        who = self.tokens.role_of(query.get("t") or _header(headers, b"x-table-token"))
        if who is None or (who == "watcher" and scope["path"] not in READ_ONLY):
            why = (
                "this link's token does not open this table" if who is None else "a watcher's link may look, not write"
            )
            if scope["path"] == "/" and who is None:
                await _answer(send, 403, _NOT_OPENED.encode(), b"text/html; charset=utf-8")
            else:
                await _answer(send, 403, json.dumps({"message": say(why, lang)}).encode())
            return
        declared = headers.get(b"content-length")
        if declared is not None and (not declared.isdigit() or int(declared) > self.limit):
            await _too_large(send, self.limit, lang)
            return
        body = b""
        if scope["method"] in ("POST", "PUT", "PATCH"):
            while True:
                message = await receive()
                if message["type"] == "http.disconnect":
                    return
                body += message.get("body", b"")
                if len(body) > self.limit:
                    await _too_large(send, self.limit, lang)
                    return
                if not message.get("more_body"):
                    break
        scope.setdefault("state", {})["role"] = who  # what the app's request.state.role reads
        sent = False

        async def replay() -> MutableMapping[str, Any]:
            nonlocal sent
            if not sent:
                sent = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        await self.app(scope, replay, send)


def _query(scope: MutableMapping[str, Any]) -> dict[str, str]:
    """A request's query, each name's first value (as Starlette reads it)."""
    from urllib.parse import parse_qsl

    raw: bytes = scope.get("query_string", b"")
    query: dict[str, str] = {}
    for name, value in parse_qsl(raw.decode("latin-1")):
        query.setdefault(name, value)
    return query


def _header(headers: dict[bytes, bytes], name: bytes) -> str | None:
    given = headers.get(name)
    return given.decode("latin-1") if given else None


async def _answer(send: Send, status: int, body: bytes, kind: bytes = b"application/json") -> None:
    await send({"type": "http.response.start", "status": status, "headers": [(b"content-type", kind)]})
    await send({"type": "http.response.body", "body": body})


async def _too_large(send: Send, limit: int, lang: Lang) -> None:
    message = say("the request is larger than {n} KiB", lang, n=limit // 1024)
    await _answer(send, 413, json.dumps({"message": message}).encode())


def _lang(value: str | None) -> Lang:
    return "en" if value == "en" else "ko"


def create_app(evening: Evening, tokens: Tokens) -> Any:
    """The ASGI app of one evening: the :class:`Guard` has checked each request's token and size."""
    app = FastAPI(title="gostop-arbiter table", docs_url=None, redoc_url=None, openapi_url=None)
    hub = Hub()

    def role(request: Request) -> Role:
        who: Role = request.state.role  # the Guard's
        return who

    def lang_of(request: Request) -> Lang:
        return _lang(request.query_params.get("lang"))

    def refused(message: str, status: int, **more: Any) -> JSONResponse:
        return JSONResponse({"message": message, **more}, status_code=status)

    def current(request: Request) -> dict[str, Any]:
        return state_of(evening, role(request), lang_of(request)).model_dump(mode="json")

    def announce() -> None:
        if len(hub):
            hub.publish(lambda lang: state_of(evening, "watcher", lang).model_dump_json())

    async def write(request: Request, change: Callable[[], object]) -> JSONResponse:
        try:
            change()
        except StaleWrite as stale:
            return refused(stale.said(lang_of(request)), 409, state=current(request), revision=stale.revision)
        except RecorderError as error:
            lang = lang_of(request)
            return refused(
                error.said(lang), error.status, violations=[violation_view(v, lang) for v in error.violations]
            )
        announce()
        return JSONResponse(current(request))

    @app.exception_handler(RequestValidationError)
    async def malformed(request: Request, error: RequestValidationError) -> JSONResponse:
        reasons = [f"{'.'.join(str(p) for p in e['loc'][1:]) or 'body'}: {e['msg']}" for e in error.errors()]
        why = "; ".join(reasons[:5])
        return refused(say("the request is not what this table takes: {reasons}", lang_of(request), reasons=why), 422)

    @app.exception_handler(Exception)
    async def unexpected(request: Request, error: Exception) -> JSONResponse:  # never a traceback on a page
        kind = type(error).__name__
        return refused(
            say("the table could not do that ({kind}); nothing was changed", lang_of(request), kind=kind), 500
        )

    @app.get("/", response_class=HTMLResponse)
    async def page(request: Request) -> Response:
        return HTMLResponse(_page_html())

    @app.get("/api/state")
    async def get_state(request: Request) -> JSONResponse:
        return JSONResponse(current(request))

    @app.get("/api/words")
    async def words(request: Request) -> JSONResponse:
        return JSONResponse(page_words(lang_of(request)))

    @app.get("/api/faces")
    async def faces(request: Request) -> Response:
        return Response(_faces(lang_of(request)), media_type="application/json")

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
        try:
            turns = evening.flips(body.play, body.at)
        except RecorderError as error:
            return refused(error.said(lang_of(request)), error.status)
        return JSONResponse([o.model_dump(mode="json") for o in options_of(turns)])

    @app.get("/api/moves")
    async def moves(request: Request, at: int = Query(ge=0, le=10_000)) -> JSONResponse:
        """What may stand at a statement's place (the plays a correction offers)."""
        try:
            board = evening.board_at(at)
        except RecorderError as error:
            return refused(error.said(lang_of(request)), error.status)
        return JSONResponse([move_of(m).model_dump(mode="json") for m in board.legal_plays()])

    @app.get("/api/events")
    async def events(request: Request) -> Response:
        if len(hub) >= MAX_WATCHERS:
            return refused(say("this table already has {n} pages following it", lang_of(request), n=MAX_WATCHERS), 503)
        lang = lang_of(request)
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

    @app.get("/api/watchers.svg")
    async def watchers_code(request: Request) -> Response:
        """The watchers' link as a QR code, for the scorekeeper to show the table (the link's
        address is the one this phone reached the server by)."""
        link = f"{request.base_url}?t={tokens.watcher}"
        return Response(_qr_svg(link), media_type="image/svg+xml", headers={"X-Watchers-Link": link})

    @app.get("/evening.gsn")
    async def download(request: Request) -> Response:
        return PlainTextResponse(
            evening.text,
            media_type="text/plain; charset=utf-8",
            headers={"Content-Disposition": f"attachment; filename*=UTF-8''{_quoted(evening.path.name)}"},
        )

    @app.get("/evening.html", response_class=HTMLResponse)
    async def replay_page(request: Request) -> Response:
        lang = lang_of(request)
        return HTMLResponse(evening.remember(f"replay-{lang}", lambda: evening_html(evening, lang)))

    app.state.hub = hub
    return cast(Any, Guard(app, tokens))


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


@functools.lru_cache(maxsize=8)
def _qr_svg(link: str) -> bytes:
    import io

    import segno

    out = io.BytesIO()
    segno.make(link, error="m").save(out, kind="svg", scale=5, border=2, xmldecl=False)
    return out.getvalue()


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
