"""The GSN grammar (grammar/gsn.lark, shipped as gostop_arbiter.grammar) and its LALR parser."""

from __future__ import annotations

import os
from functools import lru_cache

from lark import Lark

from .transformer import GsnTransformer

START_RULES = ["hand", "line"]


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


def build_parser(transformer: GsnTransformer | None = None, *, strict: bool = False, cache: bool = True) -> Lark:
    """A Lark LALR parser for GSN. With a transformer, rules become models as they are reduced.

    The grammar analysis is cached on disk by Lark (keyed by the grammar's hash), which makes a
    cold start several times faster.
    """
    callbacks = {"COMMENT": transformer.on_comment} if transformer else {}
    return Lark(
        grammar_text(),
        parser="lalr",
        lexer="contextual",
        start=START_RULES,
        transformer=transformer,
        lexer_callbacks=callbacks,
        strict=strict,
        cache=cache and not strict,
        maybe_placeholders=False,
    )


@lru_cache(maxsize=1)
def shared_parser() -> tuple[Lark, GsnTransformer]:
    """The one parser of this process and its transformer, built on first use."""
    transformer = GsnTransformer()
    return build_parser(transformer), transformer
