"""What every request to the table passes before the app reads it, and what every answer carries.

The server is meant for a family's Wi-Fi, where any phone (or a page it opened elsewhere) can send
it requests. So a request is answered only at the server's own address (a DNS-rebinding page names
another host) and within limits of size, and every answer carries a strict
Content-Security-Policy, ``nosniff``, ``DENY`` and ``no-referrer`` (decisions T15, T21, T22): what
must hold before a byte of the request is read, here, below the app. Whose request it is (the
link's token, the page's header or the cookie a link left) is read here too and handed to the
app, whose routes say who may ask them (a role dependency, :mod:`.routes`; decision T27).
"""

from __future__ import annotations

import base64
import hashlib
import json
import re
import secrets
from collections.abc import Awaitable, Callable, MutableMapping
from http.cookies import CookieError, SimpleCookie
from typing import Any, Literal
from urllib.parse import parse_qsl

from ..messages import Lang, say
from ..records import frozen

Role = Literal["scorekeeper", "watcher"]

Receive = Callable[[], Awaitable[MutableMapping[str, Any]]]
Send = Callable[[MutableMapping[str, Any]], Awaitable[None]]

MAX_BODY = 64 * 1024
"""The largest request body taken (a deal of four hands is well under a kilobyte)."""

MAX_HEADERS = 64
"""The most header lines a request may carry (a phone's browser sends about fifteen)."""

MAX_HEADER_BYTES = 16 * 1024
"""The most bytes a request's headers may hold together (a phone's browser sends under two KiB)."""

TOKEN_HEADER = b"x-table-token"
"""The header in which the page sends its link's token, once the token has left the address bar."""

COOKIE_AGE = 24 * 60 * 60
"""Seconds the cookie a link leaves is kept: an evening, and the night after it."""

WRITES = frozenset({"POST", "PUT", "PATCH", "DELETE"})
"""The methods whose requests carry a body, and whose origin must be the server's own page."""

STRICT_POLICY = "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

APP_POLICY = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
    "manifest-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
)
"""The Content-Security-Policy of the table's page: its own scripts, styles, manifest and images
from the server (the card faces drawn inline as ``data:``), requests to the server only."""
"""The Content-Security-Policy of an answer that is not one of the table's pages: nothing runs,
nothing loads, nothing frames it."""

_ALWAYS = [
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"no-referrer"),
]
"""What every answer says, whatever it is."""


def page_policy(html: str) -> str:
    """The Content-Security-Policy of a page of ours: its own inline scripts and styles (by their
    hash, so nothing else inline runs), images from the server or drawn inline (the card faces),
    requests to the server only; nothing from elsewhere, no form sent, no frame around it."""
    scripts = re.findall(r"<script[^>]*>(.*?)</script>", html, re.DOTALL)
    styles = re.findall(r"<style[^>]*>(.*?)</style>", html, re.DOTALL)
    return (
        f"default-src 'none'; script-src {_hashes(scripts)}; style-src {_hashes(styles)}; "
        "img-src 'self' data: blob:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
    )


def _hashes(sources: list[str]) -> str:
    digests = [base64.b64encode(hashlib.sha256(s.encode("utf-8")).digest()).decode("ascii") for s in sources]
    return " ".join(f"'sha256-{d}'" for d in digests) or "'none'"


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


@frozen
class Site:
    """Where the server is reached: the address its links name (``192.168.0.5``, ``[::1]``) and
    its port. A request must name one of :attr:`hosts`: the links' address or the loopback's."""

    address: str
    port: int

    @property
    def base(self) -> str:
        return f"http://{self.address}:{self.port}"

    def link(self, token: str) -> str:
        """A link that opens the table with ``token``, at the address the server printed."""
        return f"{self.base}/?t={token}"

    @property
    def hosts(self) -> frozenset[str]:
        """Every Host header a request may give (a browser leaves out port 80)."""
        names = {self.address.lower(), "localhost", "127.0.0.1", "[::1]"}
        return frozenset({f"{name}:{self.port}" for name in names} | (names if self.port == 80 else set()))

    def cookie(self, role: Role, token: str) -> str:
        """The cookie a page opened by a link of ``role`` leaves, so that its downloads, its replay
        and its QR code open without the token in their address (decision T17)."""
        return f"{self.cookie_name(role)}={token}; Path=/; Max-Age={COOKIE_AGE}; HttpOnly; SameSite=Strict"

    def cookie_name(self, role: Role) -> str:
        """The name of the cookie a link of ``role`` leaves (cookies are shared by every port of a
        host: two evenings served at once keep theirs apart)."""
        return f"gostop-{self.port}-{role}"


@frozen
class _Asked:
    """What the Guard reads of a request: where it goes, its headers, its query and its language."""

    method: str
    path: str
    headers: dict[bytes, bytes]
    query: dict[str, str]
    header_lines: int
    header_bytes: int

    @classmethod
    def of(cls, scope: MutableMapping[str, Any]) -> _Asked:
        raw: list[tuple[bytes, bytes]] = list(scope.get("headers") or [])
        query: dict[str, str] = {}
        for name, value in parse_qsl(scope.get("query_string", b"").decode("latin-1"), keep_blank_values=True):
            query.setdefault(name, value)  # each name's first value, as Starlette reads it
        return cls(
            method=scope["method"],
            path=scope["path"],
            headers=dict(raw),
            query=query,
            header_lines=len(raw),
            header_bytes=sum(len(name) + len(value) for name, value in raw),
        )

    def header(self, name: bytes) -> str | None:
        given = self.headers.get(name)
        return given.decode("latin-1") if given is not None else None

    @property
    def lang(self) -> Lang:
        return lang_named(self.query.get("lang"))

    @property
    def host(self) -> str:
        return (self.header(b"host") or "").strip().lower()

    def cookies(self) -> dict[str, str]:
        jar: SimpleCookie = SimpleCookie()
        try:
            jar.load(self.header(b"cookie") or "")
        except CookieError:
            return {}
        return {name: morsel.value for name, morsel in jar.items()}


def lang_named(value: str | None) -> Lang:
    """The page's language: English when asked for, else Korean (decision T10)."""
    return "en" if value == "en" else "ko"


Refusal = tuple[int, str, dict[str, object]]
"""A request refused: its status, the catalogue's sentence of why, and that sentence's facts."""


class Guard:
    """What every request passes before the app reads it, in this order: headers within limits
    (431), the server's own address (400), and a body of at most :data:`MAX_BODY` bytes, read here
    whole (413: a chunked body has no length to check first). Whose request it is goes to the app
    as ``request.state.role`` (None: no right token) and ``request.state.from_link``. Every answer,
    the app's and the Guard's, carries the security headers."""

    def __init__(self, app: Any, tokens: Tokens, site: Site, limit: int = MAX_BODY) -> None:
        self.app = app
        self.tokens = tokens
        self.site = site
        self.limit = limit

    async def __call__(self, scope: MutableMapping[str, Any], receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        asked = _Asked.of(scope)
        send = _secured(send)
        refusal = self._refusal(asked)
        if refusal is not None:
            await _refuse(send, asked, refusal)
            return
        body = await self._body(asked, receive, send) if asked.method in WRITES else b""
        if body is None:
            return
        who, from_link = self._role(asked)
        scope.setdefault("state", {}).update(role=who, from_link=from_link)  # the app's request.state
        sent = False

        async def replay() -> MutableMapping[str, Any]:
            nonlocal sent
            if not sent:
                sent = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        await self.app(scope, replay, send)

    def _role(self, asked: _Asked) -> tuple[Role | None, bool]:
        """Whose request it is, and whether its token came with the link (``?t=``): a token given,
        in the query or the page's header, is judged as given; else the strongest cookie a link
        left in this browser."""
        if "t" in asked.query:
            return self.tokens.role_of(asked.query["t"]), True
        given = asked.header(TOKEN_HEADER)
        if given is not None:
            return self.tokens.role_of(given), False
        cookies = asked.cookies()
        for role in ("scorekeeper", "watcher"):
            kept = cookies.get(self.site.cookie_name(role))
            if kept is not None and self.tokens.role_of(kept) == role:
                return role, False
        return None, False

    def _refusal(self, asked: _Asked) -> Refusal | None:
        if asked.header_lines > MAX_HEADERS or asked.header_bytes > MAX_HEADER_BYTES:
            return 431, "the request's headers are larger than this table takes", {}
        if asked.host not in self.site.hosts:
            return 400, "this table answers only at its own address, {address}", {"address": self.site.base}
        declared = asked.header(b"content-length")
        if declared is not None and (not declared.isdigit() or int(declared) > self.limit):
            return 413, "the request is larger than {n} KiB", {"n": self.limit // 1024}
        return None

    async def _body(self, asked: _Asked, receive: Receive, send: Send) -> bytes | None:
        """The whole body, or None once the request is answered (413) or gone."""
        body = b""
        while True:
            message = await receive()
            if message["type"] == "http.disconnect":
                return None
            body += bytes(message.get("body", b""))
            if len(body) > self.limit:
                await _refuse(send, asked, (413, "the request is larger than {n} KiB", {"n": self.limit // 1024}))
                return None
            if not message.get("more_body"):
                return body


def _secured(send: Send) -> Send:
    """``send`` with the security headers added to the answer's start (the strict policy unless
    the answer, a page of ours, has its own)."""

    async def secured(message: MutableMapping[str, Any]) -> None:
        if message["type"] == "http.response.start":
            headers = list(message.get("headers") or [])
            if not any(name.lower() == b"content-security-policy" for name, _value in headers):
                headers.append((b"content-security-policy", STRICT_POLICY.encode("ascii")))
            message = {**message, "headers": [*headers, *_ALWAYS]}
        await send(message)

    return secured


async def _refuse(send: Send, asked: _Asked, refusal: Refusal) -> None:
    """The refusal as JSON with its sentence in the page's language."""
    status, why, params = refusal
    body, kind = json.dumps({"message": say(why, asked.lang, **params)}).encode(), b"application/json"
    await send({"type": "http.response.start", "status": status, "headers": [(b"content-type", kind)]})
    await send({"type": "http.response.body", "body": body})
