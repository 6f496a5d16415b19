"""The table app: a local web server over one evening's recorder (FastAPI, served by uvicorn).

Two tokens open it: the scorekeeper's, which may write, and the watchers', which may only read.
Every write answers with the whole state; every watcher's page is sent the new state at once over
server-sent events. Requests run one at a time on the event loop, so two writes never interleave,
and a write names the revision it follows (a stale one is refused with 409). The routes are in
:mod:`.routes`; what must hold before the app reads a request is the :class:`~.guard.Guard`'s.
"""

from __future__ import annotations

from typing import Any, cast

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from fastapi.staticfiles import StaticFiles

from ..messages import say
from .guard import Guard, Site, Tokens
from .hub import Hub
from .recorder import Recorder
from .routes import STATIC, Refused, Served, lang_of, pages, reads, refused, writes


def create_app(evening: Recorder, tokens: Tokens, site: Site) -> Any:
    """The ASGI app of one evening, served at ``site``."""
    app = FastAPI(title="gostop-arbiter table", docs_url=None, redoc_url=None, openapi_url=None)
    evening.revision_key = tokens.scorekeeper.encode()
    app.state.served = Served(evening, tokens, site, Hub())
    app.state.hub = app.state.served.hub
    for router in (pages, reads, writes):
        app.include_router(router)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    app.add_exception_handler(Refused, cast(Any, refused))
    app.add_exception_handler(RequestValidationError, cast(Any, malformed))
    app.add_exception_handler(Exception, unexpected)
    return Guard(app, tokens, site)


async def malformed(request: Request, error: RequestValidationError) -> Response:
    reasons = [f"{'.'.join(str(p) for p in e['loc'][1:]) or 'body'}: {e['msg']}" for e in error.errors()]
    why = "; ".join(reasons[:5])
    message = say("the request is not what this table takes: {reasons}", lang_of(request), reasons=why)
    return JSONResponse({"message": message}, 422)


async def unexpected(request: Request, error: Exception) -> Response:  # never a traceback on a page
    kind = type(error).__name__
    message = say("the table could not do that ({kind}); nothing was changed", lang_of(request), kind=kind)
    return JSONResponse({"message": message}, 500)
