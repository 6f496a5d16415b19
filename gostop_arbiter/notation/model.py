"""The transcript model: what a GSN file says, with where it says it.

These records (``gostop_arbiter.records``) are what the notation layer hands to the rest of the arbiter (and what
``gostop-arbiter parse --json`` prints). They record the text, not its meaning in the game: a
``Turn`` says which cards were named, never what they captured. Every line item carries its
``line`` and ``column`` (1-based) and the comments the user wrote around it, so that the writer
can give back every word.
"""

from __future__ import annotations

from typing import Annotated, Literal

from ..records import Discriminated, closed_record, listed, mapped, shared


@closed_record
class CardRef:
    """A card named in the transcript: its canonical code (``?`` for an unseen card) and column."""

    code: str
    column: int = 0


@shared
class _Item:
    """A line of the transcript: its position and the comments around it."""

    line: int = 0
    column: int = 0
    comments: list[str] = listed()
    """Comment lines just above this one (the text after each ``#``)."""
    comment: str | None = None
    """The comment at the end of this line (the text after ``#``)."""


@closed_record
class Tag(_Item):
    """``[Name "value"]``: a tag of the hand (GSN §3)."""

    kind: Literal["tag"] = "tag"
    name: str
    value: str


@closed_record
class DealLine(_Item):
    """``deal NAME: cards``: the cards dealt to a player; ``?`` for each unseen card."""

    kind: Literal["deal"] = "deal"
    player: str
    cards: list[CardRef]


@closed_record
class TableLine(_Item):
    """``table: cards``: the face-up cards after the deal. ``dealer_bonus`` holds the cards
    written with ``+`` (a bonus card dealt to the table, which the dealer took at once)."""

    kind: Literal["table"] = "table"
    cards: list[CardRef]
    dealer_bonus: list[CardRef] = listed()


@closed_record
class StockLine(_Item):
    """``stock: cards``: the stock from the top, as far as known (``?`` for a card not known)."""

    kind: Literal["stock"] = "stock"
    cards: list[CardRef]


@closed_record
class PileLine(_Item):
    """``pile NAME: cards``: a player's final capture pile in a tally hand (GSN §6)."""

    kind: Literal["pile"] = "pile"
    player: str
    cards: list[CardRef]


@closed_record
class Flip:
    """``/ CARD [x CARD]``: a card flipped from the stock and the table card it names to take."""

    card: CardRef
    target: CardRef | None = None


@closed_record
class Turn(_Item):
    """A turn line: the hand play, each flip, and the transcriber's marks (GSN §5).

    ``play`` is ``card`` (one card in ``cards``), ``bomb`` (the bomb's cards) or ``pass`` (a bomb's
    dummy turn, no card). ``target`` is the table card named with ``x`` for the hand card.
    """

    kind: Literal["turn"] = "turn"
    number: int | None = None
    player: str
    play: Literal["card", "bomb", "pass"]
    cards: list[CardRef]
    target: CardRef | None = None
    flips: list[Flip] = listed()
    marks: list[str] = listed()


@closed_record
class Shake(_Item):
    """``NAME: shake cards``: 흔들기, showing three cards of a month; without cards in a tally hand."""

    kind: Literal["shake"] = "shake"
    player: str
    cards: list[CardRef] = listed()


@closed_record
class Bomb(_Item):
    """``NAME: bomb`` in a tally hand: one bomb (폭탄) of that player, counted for settlement."""

    kind: Literal["bomb"] = "bomb"
    player: str


@closed_record
class Bonus(_Item):
    """``NAME: bonus b2 draw 7p``: a bonus card laid from the hand and its replacement (``?``)."""

    kind: Literal["bonus"] = "bonus"
    player: str
    card: CardRef
    draw: CardRef


@closed_record
class Give(_Item):
    """``NAME: give 3p``: the junk NAME handed over in the steal of the turn just played."""

    kind: Literal["give"] = "give"
    player: str
    cards: list[CardRef]


@closed_record
class Declare(_Item):
    """``NAME: 9a as pi``: where the sake cup (국진) counts from here to the end of the hand."""

    kind: Literal["declare"] = "declare"
    player: str
    card: CardRef
    category: Literal["pi", "animal"]


@closed_record
class Call(_Item):
    """``NAME: go`` or ``NAME: stop``: the call of the player whose turn just ended."""

    kind: Literal["call"] = "call"
    player: str
    call: Literal["go", "stop"]


@closed_record
class SitOut(_Item):
    """``NAME: sell`` (광팔기, sells brights) or ``NAME: fold`` (죽기): sits a four-player hand out."""

    kind: Literal["sit-out"] = "sit-out"
    player: str
    how: Literal["sell", "fold"]


@closed_record
class Chongtong(_Item):
    """``NAME: chongtong cards``: 총통, four of a month in the dealt hand, revealed."""

    kind: Literal["chongtong"] = "chongtong"
    player: str
    cards: list[CardRef]


@closed_record
class Shodang(_Item):
    """``NAME: shodang`` (쇼당): with three playing, NAME shows their hand before their turn and
    offers the other two a draw."""

    kind: Literal["shodang"] = "shodang"
    player: str


@closed_record
class ShodangAnswer(_Item):
    """``NAME: accept`` or ``NAME: refuse`` (수락, 거절): NAME's answer to the shodang just offered."""

    kind: Literal["shodang-answer"] = "shodang-answer"
    player: str
    answer: Literal["accept", "refuse"]


@closed_record
class Claim(_Item):
    """``claim: A pays B 12`` or ``claim: nagari``: what the table believed (compared, never trusted).

    For ``claim: nagari`` the payer, payee and points are None.
    """

    kind: Literal["claim"] = "claim"
    payer: str | None = None
    payee: str | None = None
    points: int | None = None

    @property
    def nagari(self) -> bool:
        return self.payer is None


Statement = Annotated[
    DealLine
    | TableLine
    | StockLine
    | PileLine
    | Turn
    | Shake
    | Bomb
    | Bonus
    | Give
    | Declare
    | Call
    | SitOut
    | Chongtong
    | Shodang
    | ShodangAnswer
    | Claim,
    Discriminated("kind"),
]
"""Any line of a hand other than a tag."""

HandKind = Literal["played", "tally"]


@closed_record
class Notice:
    """A warning about the text that changes nothing (an unknown tag, a tag given twice)."""

    line: int
    column: int
    message: str
    """The warning in English."""
    id: str = ""
    """Which warning it is (``unknown-tag``), to say it in the reader's language."""
    params: dict[str, str] = mapped()
    """Its facts, all words (a tag's name, the tags meant)."""


@closed_record
class Hand:
    """One hand: its tags and statements as written, and the settings in force for it.

    ``seats``, ``rules``, ``sets`` and ``stake`` are resolved from this hand's tags and the ones
    carried over from earlier hands of the file (GSN §3); ``Dealer`` and ``Carry`` depend on the
    play of earlier hands and are left to the engine.
    """

    index: int
    kind: HandKind
    tags: list[Tag] = listed()
    statements: list[Statement]
    trailing_comments: list[str] = listed()
    """Comment lines after the last statement of the file."""
    seats: list[str]
    rules: str = "standard"
    sets: dict[str, str] = mapped()
    """``[Set "knob=value"]`` overrides in force, knob → value."""
    stake: int = 1
    warnings: list[Notice] = listed()

    def tag(self, name: str) -> Tag | None:
        """The last tag of this hand with that name (matched without regard to case)."""
        wanted = name.lower()
        found = None
        for tag in self.tags:
            if tag.name.lower() == wanted:
                found = tag
        return found


@closed_record
class Transcript:
    """A whole GSN file: one or more hands."""

    hands: list[Hand]
