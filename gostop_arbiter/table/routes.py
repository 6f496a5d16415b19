"""The table's routes: the page and its files, what a page reads, and what the scorekeeper writes.

Who may ask a route is its dependency: :func:`viewer` (either link: the page, the state, the
stream, the downloads) or :func:`scorekeeper` (the scorekeeper's link, and for a write the table's
own page as its origin: decision T16). A write's body is read only once its asker is known
(:func:`body`): a request without the right token is refused before its body is parsed. Every
write names the revision it follows and answers with the whole state (decision T2); a move is
named by its place in the board's listing, and the server writes its line (decision T28).
"""

from __future__ import annotations

import asyncio
import functools
import json
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Annotated, TypeVar, cast

from fastapi import APIRouter, Depends, Query, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse, PlainTextResponse, Response, StreamingResponse
from pydantic import BaseModel, ValidationError

from ..engine import HandBoard
from ..errors import ArbiterError
from ..messages import Lang, say
from ..notation import Statement, write_statement
from ..notation.model import Turn
from ..records import frozen
from .guard import APP_POLICY, WRITES, Role, Site, Tokens, lang_named, page_policy
from .hub import HEARTBEAT, Hub
from .recorder import STALE, Recorder, RecorderError, Setup, StaleWrite
from .requests import (
    ClaimRequest,
    CorrectRequest,
    DealRequest,
    FlipsRequest,
    PlayRequest,
    PushRequest,
    RedoRequest,
    SetupRequest,
    TallyRequest,
    UndoRequest,
    claim_statement,
    deal_statements,
    tally_statements,
    written,
)
from .views import MoveView, OptionView, legal_now, move_view, option_view, state_of, violation_view, watcher_lines
from .words import page_words

STATIC = Path(__file__).with_name("static")
"""The page's files: its HTML, CSS, JavaScript modules, manifest and icons."""

M = TypeVar("M", bound=BaseModel)


@frozen
class Served:
    """One evening served: its recorder, its links and where they point, and the pages following it."""

    evening: Recorder
    tokens: Tokens
    site: Site
    hub: Hub

    def announce(self) -> None:
        """The new state, to every page following the table."""
        evening = self.evening
        if len(self.hub):
            self.hub.publish(lambda lang: state_of(evening, "watcher", lang).model_dump_json())


class Refused(ArbiterError):
    """A request the table does not answer: its status and the catalogue's sentence of why."""

    def __init__(self, status: int, template: str, **params: object) -> None:
        super().__init__(template)
        self.status = status
        self.template = template
        self.params = params


def served(request: Request) -> Served:
    return cast(Served, request.app.state.served)


def lang_of(request: Request) -> Lang:
    return lang_named(request.query_params.get("lang"))


def viewer(request: Request) -> Role:
    """Either link's: what the Guard found of the request's token (T17), or a refusal (403)."""
    who: Role | None = request.state.role
    if who is None:
        raise Refused(403, "this link's token does not open this table")
    return who


def scorekeeper(request: Request, who: Annotated[Role, Depends(viewer)]) -> Role:
    """The scorekeeper's link only; a write must also come from the table's own page (T16)."""
    if who != "scorekeeper":
        raise Refused(403, "a watcher's link may look, not write")
    host = request.headers.get("host", "").strip().lower()
    if request.method in WRITES and request.headers.get("origin") != f"http://{host}":
        raise Refused(403, "a write must come from this table's own page: open the link again")
    return who


def body(model: type[M]) -> Callable[..., Awaitable[M]]:
    """A dependency that reads a write's body as ``model``, once the scorekeeper is known."""

    async def read(request: Request, _who: Annotated[Role, Depends(scorekeeper)]) -> M:
        try:
            return model.model_validate_json(await request.body())
        except ValidationError as error:
            raise RequestValidationError([{**e, "loc": ("body", *e["loc"])} for e in error.errors()]) from None

    return read


Table = Annotated[Served, Depends(served)]
Language = Annotated[Lang, Depends(lang_of)]
Viewer = Annotated[Role, Depends(viewer)]
Keeper = Annotated[Role, Depends(scorekeeper)]

pages = APIRouter()
"""The page and what it loads: the page needs a link's token, its files none (they hold no data)."""

reads = APIRouter(dependencies=[Depends(viewer)])
"""What either link may read."""

writes = APIRouter(dependencies=[Depends(scorekeeper)])
"""What only the scorekeeper may ask."""


# ---- the page ---------------------------------------------------------------------------------


@pages.get("/", response_class=HTMLResponse)
async def page(request: Request, table: Table, who: Viewer) -> Response:
    answer = HTMLResponse(_index(), headers={"Content-Security-Policy": APP_POLICY, "Cache-Control": "no-store"})
    if request.state.from_link:
        token = table.tokens.scorekeeper if who == "scorekeeper" else table.tokens.watcher
        answer.headers.append("set-cookie", table.site.cookie(who, token))
    return answer


@pages.get("/manifest.webmanifest")
async def manifest() -> Response:
    """What a phone needs to put the page on its home screen (decision T33)."""
    return FileResponse(STATIC / "manifest.webmanifest", media_type="application/manifest+json")


@functools.cache
def _index() -> str:
    return (STATIC / "index.html").read_text(encoding="utf-8")


# ---- what either link reads ---------------------------------------------------------------------


@reads.get("/api/state")
async def get_state(table: Table, who: Viewer, lang: Language) -> Response:
    return _json(state_of(table.evening, who, lang))


@reads.get("/api/words")
async def words(lang: Language) -> Response:
    """Every sentence the page says, the game's terms and the cards' names, in ``lang``."""
    return Response(_words(lang), media_type="application/json")


@functools.cache
def _words(lang: Lang) -> bytes:
    return json.dumps(page_words(lang), ensure_ascii=False).encode()


@reads.get("/api/faces")
async def faces(lang: Language) -> Response:
    return Response(_faces(lang), media_type="application/json")


@functools.cache
def _faces(lang: Lang) -> bytes:
    """The hwatu faces of the HTML replay, by card code, for the page's cards."""
    from ..render.cards_svg import all_faces

    return json.dumps(all_faces(lang)).encode()


@reads.get("/api/events")
async def events(request: Request, table: Table, who: Viewer, lang: Language) -> Response:
    client = request.client.host if request.client else ""
    hub = table.hub
    refusal = hub.refusal(who, client)
    if refusal is not None:
        status, why, n = refusal
        raise Refused(status, why, n=n)
    queue = hub.subscribe(lang, who, client)
    first = state_of(table.evening, "watcher", lang).model_dump_json()

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


def _lines_for(table: Served, who: Role) -> list[str]:
    """The file's lines as this page may read them (a watcher's hide the hand being played)."""
    evening = table.evening
    if who == "scorekeeper":
        return evening.lines
    return evening.remember("watcher-lines", lambda: watcher_lines(evening))


@reads.get("/evening.gsn")
async def download(table: Table, who: Viewer) -> Response:
    from urllib.parse import quote

    return PlainTextResponse(
        "".join(f"{line}\n" for line in _lines_for(table, who)),
        media_type="text/plain; charset=utf-8",
        headers={"Content-Disposition": f"attachment; filename*=UTF-8''{quote(table.evening.path.name)}"},
    )


@reads.get("/evening.html", response_class=HTMLResponse)
async def replay_page(table: Table, who: Viewer, lang: Language) -> Response:
    evening = table.evening
    key = f"replay-{who}-{lang}"
    html = evening.remember(key, lambda: evening_html(evening.path.name, _lines_for(table, who), lang))
    policy = evening.remember(f"{key}-policy", lambda: page_policy(html))
    return HTMLResponse(html, headers={"Content-Security-Policy": policy, "Cache-Control": "no-store"})


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


# ---- what the scorekeeper asks and writes ---------------------------------------------------------


@writes.get("/api/watchers.svg")
async def watchers_code(table: Table) -> Response:
    """The watchers' link as a QR code, for the scorekeeper to show the table: the link the server
    printed, whatever address this request named."""
    link = table.site.link(table.tokens.watcher)
    return Response(_qr_svg(link), media_type="image/svg+xml", headers={"X-Watchers-Link": link})


@functools.lru_cache(maxsize=8)
def _qr_svg(link: str) -> bytes:
    import io

    import segno

    out = io.BytesIO()
    segno.make(link, error="m").save(out, kind="svg", scale=5, border=2, xmldecl=False)
    return out.getvalue()


@writes.get("/api/moves")
async def moves(table: Table, lang: Language, at: int = Query(ge=0, le=10_000)) -> list[MoveView]:
    """What may stand at a statement's place (the plays a correction offers), by their places."""
    board = _board_at(table.evening, at)
    return [move_view(i, m, lang) for i, m in enumerate(board.legal_plays())]


@writes.post("/api/flips")
async def flips(table: Table, lang: Language, asked: Annotated[FlipsRequest, Depends(body(FlipsRequest))]) -> Response:
    """The complete turns of a hand play (its card, bomb or pass): every flip, every ``x``."""
    evening = table.evening
    if asked.after is not None and asked.after != evening.revision:
        raise Refused(409, STALE)
    board, listing = _listing(evening, asked.at)
    play = _listed(listing, asked.play)
    if not isinstance(play, Turn) or play.flips:
        raise Refused(422, "ask for the flips of a hand play alone: a card, a bomb or a pass")
    return _json_list([option_view(i, t, lang) for i, t in enumerate(board.legal_flips(play))])


@writes.post("/api/play")
async def play(request: Request, table: Table, asked: Annotated[PlayRequest, Depends(body(PlayRequest))]) -> Response:
    evening = table.evening

    def record() -> None:
        evening.check_revision(asked.after)
        board, listing = _listing(evening, None)
        statement = _completed(board, _listed(listing, asked.move), asked.option)
        evening.push(asked.after, [write_statement(statement)])

    return _written(request, table, record)


@writes.post("/api/correct")
async def correct(
    request: Request, table: Table, asked: Annotated[CorrectRequest, Depends(body(CorrectRequest))]
) -> Response:
    evening = table.evening

    def record() -> None:
        evening.check_revision(asked.after)
        if asked.line is not None:
            line = asked.line
        elif asked.move is not None:
            board, listing = _listing(evening, asked.index)
            line = write_statement(_completed(board, _listed(listing, asked.move), asked.option))
        else:
            raise Refused(422, "a correction names a move or a line")
        evening.correct(asked.after, asked.index, line)

    return _written(request, table, record)


@writes.post("/api/push")
async def push(request: Request, table: Table, asked: Annotated[PushRequest, Depends(body(PushRequest))]) -> Response:
    return _written(request, table, lambda: table.evening.push(asked.after, asked.lines))


@writes.post("/api/deal")
async def deal(request: Request, table: Table, asked: Annotated[DealRequest, Depends(body(DealRequest))]) -> Response:
    return _written(request, table, lambda: table.evening.push(asked.after, written(deal_statements(asked))))


@writes.post("/api/claim")
async def claim(
    request: Request, table: Table, asked: Annotated[ClaimRequest, Depends(body(ClaimRequest))]
) -> Response:
    evening = table.evening
    return _written(
        request, table, lambda: evening.push(asked.after, [write_statement(claim_statement(asked, evening.stake()))])
    )


@writes.post("/api/tally")
async def tally(
    request: Request, table: Table, asked: Annotated[TallyRequest, Depends(body(TallyRequest))]
) -> Response:
    evening = table.evening

    def record() -> None:
        evening.check_revision(asked.after)
        seats = evening.pending.hand.seats if evening.pending else []
        evening.record_tally(asked.after, written(tally_statements(asked, seats)))

    return _written(request, table, record)


@writes.post("/api/undo")
async def undo(request: Request, table: Table, asked: Annotated[UndoRequest, Depends(body(UndoRequest))]) -> Response:
    return _written(request, table, lambda: table.evening.undo(asked.after))


@writes.post("/api/redo")
async def redo(request: Request, table: Table, asked: Annotated[RedoRequest, Depends(body(RedoRequest))]) -> Response:
    return _written(request, table, lambda: table.evening.redo(asked.after))


@writes.post("/api/setup")
async def setup(
    request: Request, table: Table, asked: Annotated[SetupRequest, Depends(body(SetupRequest))]
) -> Response:
    wanted = Setup(asked.seats, asked.dealer, asked.stake, asked.rules, dict(asked.sets), asked.event)
    return _written(request, table, lambda: table.evening.start(asked.after, wanted))


# ---- the parts of a write ---------------------------------------------------------------------------


def _written(request: Request, table: Served, change: Callable[[], object]) -> Response:
    """The change made, every page told, and the state answered; or the refusal, said in the
    page's language, with the record as it is after a stale write (409)."""
    lang, evening = lang_of(request), table.evening
    try:
        change()
    except StaleWrite as stale:
        state = state_of(evening, "scorekeeper", lang).model_dump(mode="json")
        return JSONResponse({"message": stale.said(lang), "state": state, "revision": stale.revision}, 409)
    except RecorderError as error:
        violations = [violation_view(v, lang).model_dump(mode="json") for v in error.violations]
        return JSONResponse({"message": error.said(lang), "violations": violations}, error.status)
    table.announce()
    return _json(state_of(evening, "scorekeeper", lang))


def _board_at(evening: Recorder, at: int) -> HandBoard:
    try:
        return evening.board_at(at)
    except RecorderError as error:
        raise Refused(error.status, error.template, **error.params) from None


def _listing(evening: Recorder, at: int | None) -> tuple[HandBoard, list[Statement]]:
    """The board now (or where statement ``at`` stands) and the statements it lists as legal."""
    if at is not None:
        board = _board_at(evening, at)
        return board, list(board.legal_plays())
    if evening.board is None:
        raise Refused(409, "no hand is set up: set up the table first")
    return evening.board, evening.remember("legal", lambda: legal_now(evening))


def _listed(listing: list[Statement], move: int) -> Statement:
    """The move the page names by its place in the listing. A request naming a revision has had it
    checked before, so a place past the end is not a stale page but a wrong request: said as such
    (422), since a page told "stale" reloads and would ask the same again."""
    if move >= len(listing):
        raise Refused(422, "there is no move {move}: {n} are offered now", move=move, n=len(listing))
    return listing[move]


def _completed(board: HandBoard, move: Statement, option: int | None) -> Statement:
    """The statement a move makes: a hand play completed by its turn ``option`` (its flips and
    captures, as :meth:`~..engine.HandBoard.legal_flips` lists them), any other move as it is."""
    if not isinstance(move, Turn) or move.flips:
        if option is not None:
            raise Refused(422, "only a hand play has flips to choose from: this move has none")
        return move
    turns = board.legal_flips(move)
    if option is None and len(turns) == 1:
        return turns[0]
    if option is None or option >= len(turns):
        raise Refused(422, "say which card was flipped: this play has {n} ways to end", n=len(turns))
    return turns[option]


def _json(model: BaseModel) -> Response:
    return Response(model.model_dump_json(), media_type="application/json")


def _json_list(models: list[OptionView]) -> Response:
    return Response("[" + ",".join(m.model_dump_json() for m in models) + "]", media_type="application/json")


def refused(request: Request, error: Refused) -> Response:
    """A refusal in the page's language; the page itself refused is a short page in both."""
    if request.url.path == "/" and error.status == 403:
        return HTMLResponse(_NOT_OPENED, status_code=403)
    return JSONResponse({"message": say(error.template, lang_of(request), **error.params)}, error.status)


_NOT_OPENED = "<!doctype html><title>403</title><p>이 링크로는 열 수 없어요 · this link does not open this table"
