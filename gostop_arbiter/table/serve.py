"""Starting the table app: the two links with their QR codes, and the server (uvicorn).

The tokens are kept beside the evening's file (``.EVENING.gsn.tokens``, readable by its owner
only), so that a server started again on the same file opens with the links the phones already
have (decision T3).
"""

from __future__ import annotations

import json
import os
import socket
from pathlib import Path
from typing import Any

from ..records import frozen
from .app import Tokens


@frozen
class Links:
    """The two links of the evening's page: the scorekeeper's and the watchers'."""

    scorekeeper: str
    watcher: str


def tokens_for(evening_path: Path, *, fresh: bool = False) -> Tokens:
    """The evening's tokens: those kept beside its file, or new ones (kept there from now on)."""
    kept = evening_path.with_name(f".{evening_path.name}.tokens")
    if not fresh and kept.exists():
        try:
            data = json.loads(kept.read_text(encoding="utf-8"))
            return Tokens(str(data["scorekeeper"]), str(data["watcher"]))
        except (OSError, ValueError, KeyError, TypeError):
            pass  # an unreadable token file: new links, written over it
    tokens = Tokens.new()
    descriptor = os.open(kept, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(descriptor, "w", encoding="utf-8") as out:
        json.dump({"scorekeeper": tokens.scorekeeper, "watcher": tokens.watcher}, out)
    return tokens


def local_address() -> str:
    """The machine's address on the local network: the one a packet to the outside would leave
    from (no packet is sent), or loopback when there is no network."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("10.255.255.255", 1))
        address: str = probe.getsockname()[0]
        return address
    except OSError:
        return "127.0.0.1"
    finally:
        probe.close()


def links(host: str, port: int, tokens: Tokens) -> Links:
    shown = local_address() if host in ("0.0.0.0", "") else host
    if ":" in shown:
        shown = f"[{shown}]"
    base = f"http://{shown}:{port}/"
    return Links(f"{base}?t={tokens.scorekeeper}", f"{base}?t={tokens.watcher}")


def qr_text(url: str) -> str:
    """A QR code of the link, drawn with block characters for a terminal."""
    import io

    import segno

    out = io.StringIO()
    segno.make(url, error="m").terminal(out=out, compact=True, border=2)
    return out.getvalue()


def bound_socket(host: str, port: int) -> socket.socket:
    """The listening socket, bound before the links are printed (a port in use is said at once,
    and ``--port 0`` links to the port the system chose)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    # each answer at once: without it an answer's last small write waits for the phone's delayed
    # acknowledgement of the one before (Nagle's algorithm), some 40 ms (Linux hands it on to
    # every connection accepted)
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    try:
        sock.bind((host, port))
    except OSError:
        sock.close()
        raise
    sock.listen(128)
    sock.set_inheritable(True)
    return sock


def serve(app: Any, sock: socket.socket) -> None:
    """Serve until Ctrl-C or SIGTERM (uvicorn ends its connections and returns)."""
    import uvicorn

    config = uvicorn.Config(app, log_level="warning", access_log=False, lifespan="off", timeout_graceful_shutdown=1)
    uvicorn.Server(config).run(sockets=[sock])
