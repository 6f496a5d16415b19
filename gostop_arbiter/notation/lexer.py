"""A contextual lexer that compiles one scanner, not one per parser state.

Lark's contextual lexer gives every parser state a scanner of its own: one regular expression, the
alternation of the terminals the state accepts, in the lexer's priority order. GSN's grammar has
about twenty such sets, and compiling their expressions was a third of the work of reading a short
file (decision B4). Here every state asks one shared scanner, of all terminals in the same order,
first. When the terminal it finds is one the state accepts, that is exactly the state's own answer:
an alternation matches with its first alternative that matches, the state's alternatives are the
shared ones in the same order, and none of the shared alternatives before the one found matched.
Only when the shared answer is a terminal the state does not accept (a player called `Go` where a
name is due) is the state's own scanner compiled and asked, as Lark would; and a state that has
answered many tokens (a long file) compiles its own and uses it from then on (SHARED_USES).

The equivalence needs the state's terminals to be a subset of the shared ones in the same order,
which Lark guarantees (one sort key, unique by name), and that Lark did not fold string terminals
into expressions that also match them ("unless" callbacks), which would make a state's terminals
differ from the shared ones. GSN's grammar has no such terminal; if one is added, sharing turns
itself off and every state scans as Lark's does. A test compares the two lexers token for token.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from typing import Any

from .standalone import BasicLexer, LexerConf, TextSlice
from .standalone import ContextualLexer as LarkContextualLexer

Match = Callable[[TextSlice[Any], int], "tuple[str, str] | None"]


SHARED_USES = 64
"""How many times a state asks the shared scanner before it compiles its own. The shared scanner
tries every terminal in turn, so each answer costs more than the state's own scanner's would
(about 30 % more instructions for Lark's whole parse of a long file); by 64 answers that extra
has cost about what compiling the state's scanner does. A short file (the samples' busiest state
answers under 50 tokens) compiles none; a long one compiles each busy state's once, early."""


class StateLexer(BasicLexer):
    """One parser state's lexer: the shared scanner's answer when the state accepts it, its own
    scanner's (compiled on first need) when not, and always its own once the state is busy."""

    shared: Match | None = None
    accepts: frozenset[str] = frozenset()
    uses_left = SHARED_USES

    def match(self, text: TextSlice[Any], pos: int) -> tuple[str, str] | None:
        if self.shared is not None:
            self.uses_left -= 1
            if self.uses_left:
                found = self.shared(text, pos)
                if found is None or found[1] in self.accepts:
                    return found  # no terminal at all matches here, or the one the state's scanner would find
        return self._own_scanner()(text, pos)  # type: ignore[no-any-return]

    def _own_scanner(self) -> Callable[..., Any]:
        """From now on this state asks its own scanner (compiled here if need be), directly."""
        self.shared = None
        self.match = own = self.scanner.match  # type: ignore[method-assign]
        return own


class ContextualLexer(LarkContextualLexer):
    """Lark's contextual lexer, with one scanner shared by every state (see the module's text)."""

    BasicLexer = StateLexer

    def __init__(
        self, conf: LexerConf, states: dict[int, Collection[str]], always_accept: Collection[str] = ()
    ) -> None:
        super().__init__(conf, states, always_accept)
        root = self.root_lexer
        assert isinstance(root, BasicLexer)
        shared = root.scanner.match  # builds the root's scanner and its callbacks
        if set(root.callback) != set(root.user_callbacks):
            return  # Lark folded a string terminal into an expression: every state keeps its own scanner
        for lexer in set(self.lexers.values()):
            assert isinstance(lexer, StateLexer)
            lexer.shared = shared
            lexer.accepts = frozenset(t.name for t in lexer.terminals)
            lexer.callback = root.callback


PLUGINS: dict[str, type] = {"ContextualLexer": ContextualLexer}
"""What Lark's ``_plugins`` option is given (Lark's stand-alone loader accepts it) to lex with this
module's contextual lexer."""
