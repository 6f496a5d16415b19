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
from collections.abc import AsyncIterator, Callable
from importlib import resources
from typing import Any, cast

from fastapi import FastAPI, Query, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, PlainTextResponse, Response, StreamingResponse

from ..messages import Lang, say
from ..records import frozen
from .guard import Guard, Role, Site, Tokens, lang_named, page_policy
from .recorder import Recorder, RecorderError, Setup, StaleWrite
from .views import (
    CorrectRequest,
    FlipsRequest,
    PushRequest,
    SetupRequest,
    UndoRequest,
    move_of,
    options_of,
    state_of,
    violation_view,
    watcher_lines,
)
from .words import page_words

MAX_WATCHERS = 56
"""Watchers' pages that may follow the table at once (a family has a handful of phones)."""

KEEPER_STREAMS = 8
"""Streams kept for the scorekeeper's pages, whatever the watchers have taken (decision T18)."""

PER_CLIENT = 4
"""Streams one address may hold: a phone with a tab or two open (decision T18)."""

HEARTBEAT = 15.0
"""Seconds between the comments that keep a watcher's stream open through idle Wi-Fi."""


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


def create_app(evening: Recorder, tokens: Tokens, site: Site) -> Any:
    """The ASGI app of one evening, served at ``site``: the :class:`~.guard.Guard` has checked
    each request's address, token, origin and size."""
    app = FastAPI(title="gostop-arbiter table", docs_url=None, redoc_url=None, openapi_url=None)
    hub = Hub()

    def role(request: Request) -> Role:
        who: Role = request.state.role  # the Guard's
        return who

    def lang_of(request: Request) -> Lang:
        return lang_named(request.query_params.get("lang"))

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
        return _page(*_table_page())

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
        lang, client = lang_of(request), request.client.host if request.client else ""
        refusal = hub.refusal(role(request), client)
        if refusal is not None:
            status, why, n = refusal
            return refused(say(why, lang, n=n), status)
        queue = hub.subscribe(lang, role(request), client)
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
        """The watchers' link as a QR code, for the scorekeeper to show the table: the link the
        server printed, whatever address this request named."""
        link = site.link(tokens.watcher)
        return Response(_qr_svg(link), media_type="image/svg+xml", headers={"X-Watchers-Link": link})

    def lines_for(request: Request) -> list[str]:
        """The file's lines as this page may read them (a watcher's hide the hand being played)."""
        if role(request) == "scorekeeper":
            return evening.lines
        return evening.remember("watcher-lines", lambda: watcher_lines(evening))

    @app.get("/evening.gsn")
    async def download(request: Request) -> Response:
        lines = lines_for(request)
        return PlainTextResponse(
            "".join(f"{line}\n" for line in lines),
            media_type="text/plain; charset=utf-8",
            headers={"Content-Disposition": f"attachment; filename*=UTF-8''{_quoted(evening.path.name)}"},
        )

    @app.get("/evening.html", response_class=HTMLResponse)
    async def replay_page(request: Request) -> Response:
        lang = lang_of(request)
        key = f"replay-{role(request)}-{lang}"
        html = evening.remember(key, lambda: evening_html(evening.path.name, lines_for(request), lang))
        return _page(html, evening.remember(f"{key}-policy", lambda: page_policy(html)))

    app.state.hub = hub
    return cast(Any, Guard(app, tokens, site))


def evening_html(name: str, lines: list[str], lang: Lang) -> str:
    """The HTML replay of the file ``name`` of ``lines``, as ``render`` writes it."""
    from ..judging.file import judge_file
    from ..notation import read_hands
    from ..render.html import render_html
    from ..render.replay import SnapshotVisitor

    hands = [r.hand for r in read_hands(lines) if r.hand is not None] if lines else []
    taken = SnapshotVisitor(deal=True)
    verdict = judge_file(name, hands, visitor=taken)
    return render_html(name, hands, verdict, taken.taken, lang=lang)


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


@functools.cache
def _table_page() -> tuple[str, str]:
    """The table's page, and its Content-Security-Policy."""
    html = resources.files("gostop_arbiter.table").joinpath("page.html").read_text(encoding="utf-8")
    return html, page_policy(html)


def _page(html: str, policy: str) -> HTMLResponse:
    return HTMLResponse(html, headers={"Content-Security-Policy": policy, "Cache-Control": "no-store"})
