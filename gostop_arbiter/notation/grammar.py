"""The GSN grammar (grammar/gsn.lark, shipped as gostop_arbiter.grammar) and its LALR parser.

The parser that reads transcripts is Lark's stand-alone LALR parser for this grammar
(gostop_arbiter/notation/standalone.py): Lark's own parsing code and contextual lexer with the
grammar's tables, exactly as Lark's stand-alone generator writes it (under Lark's MPL-2.0 licence,
as the module's own header says), made by ``python -m gostop_arbiter.notation`` after every edit of
the grammar and checked against the grammar by the tests; it is never edited by hand. It parses
exactly as ``Lark(grammar, parser="lalr", lexer="contextual")`` does, without importing Lark,
whose grammar compiler, Earley parser and on-disk cache cost a third of every start of the command
(decision B4). Lark itself analyses the grammar: to write that module, and in the tests, strictly.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Literal

from . import standalone
from .transformer import GsnTransformer

if TYPE_CHECKING:
    import lark

START_RULES = ["hand", "line"]
MODULE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "standalone.py")


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


def analysed_grammar(*, strict: bool = False, **options: Any) -> lark.Lark:
    """Lark's analysis of the grammar, as the stand-alone parser was made from it. With
    ``strict=True`` Lark refuses shift/reduce conflicts and terminals that collide; ``options``
    are further options of Lark's (the tests give ``lexer_callbacks``)."""
    from lark import Lark

    return Lark(
        grammar_text(),
        parser="lalr",
        lexer="contextual",
        start=START_RULES,
        strict=strict,
        maybe_placeholders=False,
        **options,
    )


def standalone_source() -> str:
    """The text of gostop_arbiter/notation/standalone.py: what Lark's stand-alone generator writes
    for the grammar, as it writes it (the states numbered in a fixed order, see below)."""
    from lark.tools.standalone import gen_standalone

    parts: list[str] = []

    def write(*text: object) -> None:  # what gen_standalone prints, collected
        parts.append(" ".join(map(str, text)) + "\n")

    parser = analysed_grammar()
    _number_states_in_order(parser)
    gen_standalone(parser, output=write)  # type: ignore[no-untyped-call]
    return "".join(parts)


def _number_states_in_order(parser: lark.Lark) -> None:
    """Number the parser's states in the order a walk from the start states reaches them, each
    state's actions in the order of their tokens' names.

    Lark numbers them in an order that follows sets of objects hashed by their address, which
    changes from run to run; numbered this way, the same grammar always makes the same module."""
    from lark.parsers.lalr_analysis import Shift

    table = parser.parser.parser._parse_table
    order: dict[int, int] = {}
    pending = [table.start_states[name] for name in sorted(table.start_states)]
    while pending:
        state = pending.pop(0)
        if state not in order:
            order[state] = len(order)
            pending.extend(arg for _, (action, arg) in sorted(table.states[state].items()) if action is Shift)
    assert len(order) == len(table.states), "every state is reached from a start state"
    renumbered = {
        order[state]: {
            token: (action, order[arg] if action is Shift else arg) for token, (action, arg) in sorted(actions.items())
        }
        for state, actions in table.states.items()
    }
    table.states = dict(sorted(renumbered.items()))
    table.start_states = {name: order[state] for name, state in sorted(table.start_states.items())}
    table.end_states = {name: order[state] for name, state in sorted(table.end_states.items())}


def build_parser(
    transformer: GsnTransformer | None = None, lexer_callbacks: dict[str, Callable[[Any], Any]] | None = None
) -> standalone.Lark:
    """The LALR parser for GSN. With a transformer, rules become models as they are reduced;
    ``lexer_callbacks`` see the tokens of the terminals they are given for (the transformer's
    collects comments)."""
    callbacks = dict(lexer_callbacks or {})
    if transformer:
        callbacks["COMMENT"] = transformer.on_comment
    parser: standalone.Lark = standalone.Lark_StandAlone(  # type: ignore[no-untyped-call]
        transformer=transformer, lexer_callbacks=callbacks
    )
    return parser


ParserChoice = Literal["auto", "pure", "fast"]
"""Which parser reads whole hands (see :class:`~.reader.Reader`)."""

FAST_AFTER = 200
"""Hands a reader reads with the stand-alone parser before it turns to the fast one: importing Lark
and lark-cython costs about 70 ms, which the fast parser wins back over a few hundred hands, so a
``check`` of one file of a few hands never pays it (decision B6)."""


class FastParser:
    """Lark's Cython LALR parser (the ``fast`` extra, ``pip install 'gostop-arbiter[fast]'``) on the
    stand-alone module's own tables: the same states and actions, so the same models; ``errors``
    are the exceptions it raises for text that is not GSN (the reader then parses the hand again
    with the stand-alone parser, whose errors are the ones reported)."""

    def __init__(self, parser: Any, errors: type[Exception], transformer: GsnTransformer) -> None:
        self.parser = parser
        self.errors = errors
        self.transformer = transformer


def build_fast_parser(transformer: GsnTransformer | None = None) -> FastParser | None:
    """The fast parser, or None when lark-cython (or Lark) is not installed."""
    try:
        import lark_cython  # type: ignore[import-untyped]
        from lark import Lark
        from lark.exceptions import UnexpectedInput
    except ImportError:
        return None
    transformer = transformer or GsnTransformer()
    parser = Lark._load_from_dict(  # type: ignore[no-untyped-call]
        standalone.DATA,
        standalone.MEMO,
        _plugins=lark_cython.plugins,
        transformer=transformer,
        lexer_callbacks={"COMMENT": transformer.on_comment},
    )
    return FastParser(parser, UnexpectedInput, transformer)


def write_standalone() -> str:
    """Write the stand-alone parser module from the grammar (after editing grammar/gsn.lark);
    returns its path."""
    source = standalone_source()
    with open(MODULE, "w", encoding="utf-8") as handle:
        handle.write(source)
    return MODULE
