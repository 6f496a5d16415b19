"""The GSN grammar (grammar/gsn.lark, shipped as gostop_arbiter.grammar) and the LALR parsers Lark
builds from it.

Lark analyses the grammar the first time a parser is asked for and keeps its tables in the user's
cache folder (Lark's ``cache=`` option): a later start loads them, about 10 ms instead of 75 ms,
and an edited grammar, or another version of Lark or Python, is analysed again on its first use,
with no step by hand (decision C10). Two parsers read the same tables: Lark's own, in Python, and
lark-cython's, Lark's LALR parser and lexer in Cython, a dependency of the package where it has
wheels (decision C11).
"""

from __future__ import annotations

import hashlib
import os
import sys
from collections.abc import Callable
from typing import Any, Literal

import lark
from lark import Lark

from .transformer import GsnTransformer

START_RULES = ["hand", "line"]

OPTIONS: dict[str, Any] = {
    "parser": "lalr",
    "lexer": "contextual",
    "start": START_RULES,
    "maybe_placeholders": False,
}
"""How Lark builds the parser: LALR(1) with the contextual lexer (a keyword is a keyword only where
the parser state accepts it, so a player may be called ``Go``), both start rules, no ``None`` for
an optional part left out."""

ParserChoice = Literal["auto", "pure"]
"""Which parser reads whole hands (see :class:`~.reader.Reader`): ``auto``, lark-cython's where it
is installed and Lark's own elsewhere; ``pure``, Lark's own."""


def grammar_text() -> str:
    """The text of gsn.lark: from the installed package (gostop_arbiter/grammar/), or from the
    source tree (grammar/ beside the package). Plain paths, not ``importlib.resources``, which
    would cost every command pathlib's import; the resources API is the fallback for packages
    installed in a form that has no files (a zip)."""
    package = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    for place in (os.path.join(package, "grammar"), os.path.join(os.path.dirname(package), "grammar")):
        try:
            with open(os.path.join(place, "gsn.lark"), encoding="utf-8") as handle:
                return handle.read()
        except FileNotFoundError:
            continue
    from importlib import resources

    return resources.files("gostop_arbiter.grammar").joinpath("gsn.lark").read_text(encoding="utf-8")


def analysed_grammar(*, strict: bool = False, **options: Any) -> Lark:
    """Lark's analysis of the grammar, made afresh (no cache): what the parsers' cached tables must
    equal. With ``strict=True`` Lark refuses shift/reduce conflicts and terminals that collide;
    ``options`` are further options of Lark's (the tests give ``lexer_callbacks``)."""
    return Lark(grammar_text(), **OPTIONS, strict=strict, **options)


def cache_file(grammar: str) -> str | bool:
    """Where Lark keeps the tables of ``grammar``: a file of the user's cache folder
    (``$XDG_CACHE_HOME``, else ``~/.cache``), named by the grammar's text and the versions of Lark
    and Python, so that two grammars (two versions of the package) never take turns overwriting one
    file; False, the grammar analysed at every start, where that folder cannot be made. Not Lark's
    ``cache=True``, a file of the shared temporary folder: what is loaded from it is a pickle, which
    another user could have put there first."""
    folder = os.path.join(os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache"), "gostop-arbiter")
    try:
        os.makedirs(folder, exist_ok=True)
    except OSError:
        return False
    key = f"{grammar}\n{lark.__version__}\n{sys.version_info[:2]}".encode()
    return os.path.join(folder, f"gsn-{hashlib.sha256(key).hexdigest()[:16]}.lark")


def build_parser(
    transformer: GsnTransformer | None = None,
    lexer_callbacks: dict[str, Callable[[Any], Any]] | None = None,
    *,
    fast: bool = False,
) -> Lark:
    """The LALR parser for GSN: Lark's own, or with ``fast`` lark-cython's where it is installed.
    With a transformer, rules become models as they are reduced; ``lexer_callbacks`` see the tokens
    of the terminals they are given for (the transformer's collects comments)."""
    callbacks = dict(lexer_callbacks or {})
    if transformer:
        callbacks["COMMENT"] = transformer.on_comment
    grammar = grammar_text()
    return Lark(
        grammar,
        **OPTIONS,
        cache=cache_file(grammar),
        transformer=transformer,
        lexer_callbacks=callbacks,
        _plugins=cython_plugins() if fast else {},
    )


def cython_plugins() -> dict[str, Any]:
    """lark-cython's parser and lexer, as Lark's ``_plugins`` option takes them (the one way
    lark-cython documents, decision C11); none where lark-cython is not installed."""
    try:
        import lark_cython  # type: ignore[import-untyped]
    except ImportError:
        return {}
    plugins: dict[str, Any] = lark_cython.plugins
    return plugins
