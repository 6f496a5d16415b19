"""What the notation layer says of a text: its syntax errors and its warnings, each a message made
where it is found (decision P73) and said in the reader's language at the edge. Kept apart from
:mod:`.errors` so that a module that only names a message (the Korean card words) need not load
the parser's errors."""

from __future__ import annotations

from ..messages import sayings

EXPECTED = sayings(
    "expected",
    {
        "CARD": "a card such as 3p",
        "UNSEEN": "? (an unseen card)",
        "UNSEEN_MANY": "?*N (N unseen cards)",
        "DEALER_BONUS": "+b2 (a bonus card the dealer took)",
        "BOMB": "bomb",
        "PASS": "pass",
        "SHAKE": "shake",
        "BONUS": "bonus",
        "GIVE": "give",
        "GO": "go",
        "STOP": "stop",
        "SELL": "sell",
        "FOLD": "fold",
        "CHONGTONG": "chongtong",
        "SLASH": "'/' and the flipped card",
        "X": "x and the card taken",
        "AS": "as",
        "PI": "pi",
        "ANIMAL": "animal",
        "DRAW": "draw",
        "MARK": "a mark such as !chok",
        "COLON": "':'",
        "NAME": "a player's name",
        "PAYS": "pays",
        "NAGARI": "nagari",
        "POINTS": "the points (a whole number)",
        "TAG": 'a tag such as [Seats "A, B"]',
        "DEAL": "deal",
        "TABLE": "table",
        "STOCK": "stock",
        "PILE": "pile",
        "CLAIM": "claim",
        "TURN_NUMBER": "a turn number such as 12.",
        "_NL": "the end of the line",
        "$END": "the end of the line",
        "ACCEPT": "accept",
        "REFUSE": "refuse",
        "SHODANG": "shodang",
        "something-else": "something else",
    },
)
"""What each terminal of grammar/gsn.lark is, in words, in the order a list of them reads best."""

SYNTAX = sayings(
    "syntax",
    {
        "expected": "expected {what}, but found '{found}'",
        "expected-at-end": "expected {what}, but found the end of the line",
        "not-a-card": "'{word}' is not a card: write the month and a category, such as 3p, 8g, 9a, 1r, 11pp or 8광",
        "tag-no-value": 'a tag is written [Name "value"]: the value is missing or not in quotes',
        "tag-no-closing-quote": 'a tag is written [Name "value"]: the closing quote is missing',
        "tag-no-closing-bracket": 'a tag is written [Name "value"]: the closing ] is missing',
        "tag-name": 'a tag is written [Name "value"], with a name of letters, digits, _ or .',
        "no-hand": "the file holds no hand: no deal, pile or turn line",
        "one-statement": "a statement is one line of GSN (no tag, no comment)",
        "tally-line-on-board": "this line belongs in a tally hand (piles and calls only), not on a board",
        "line-too-long": "a line holds at most {limit} bytes; this one is longer, and the file is read no further",
        "not-utf8": "this line is not UTF-8 text: byte {byte} cannot be read",
        "utf-16": "the file is UTF-16 text; GSN is UTF-8: save it again as UTF-8",
        "tag-too-long": "a tag's value holds at most {most} characters; this one has {count}",
        "tag-too-long-unclosed": "a tag's value holds at most {most} characters; this one has {count}, "
        "and no closing quote",
        "set-tag": 'a Set tag is written [Set "knob=value"], not "{value}"',
        "stake": 'Stake is money per point, a whole number such as "100", not "{value}"',
        "carry": 'Carry is a multiplier, a whole number such as "2", not "{value}"',
        "seat-not-a-name": "'{name}' in Seats is not a player's name: "
        "a name starts with a letter and holds letters, digits, _ or -",
        "seated-twice": "{name} is listed twice in Seats",
        "mixed-scripts": "'{name}' in Seats mixes {scripts} letters ({letter} is {script}): "
        "a name could then look like another",
        "look-alike": "'{first}' and '{second}' in Seats look the same: give one of them another name",
        "no-seats": "Seats lists no player",
        "played-line-in-tally": "this line belongs in a played hand, but line {line} made this hand a tally hand",
        "tally-line-in-played": "this line belongs in a tally hand (piles and calls only), "
        "but line {line} made this hand a played hand",
        "second-line": "a second '{key}' line (the first is on line {line})",
        "deal-after-play": "the {what} line must come before the first turn (line {line})",
        "not-in-seats": "{name} is not in Seats",
        "not-in-seats-meant": "{name} is not in Seats (did you mean {close}?)",
        "not-seated": "{name} is not at the table (no Seats tag, and no deal or pile line for them)",
        "not-seated-meant": "{name} is not at the table (did you mean {close}?)",
        "no-statement": "a hand needs at least one statement after its tags",
        "nobody-seated": "nobody is seated: write a Seats tag, or a deal (or pile) line per player",
        "dealer-not-seated": "the dealer {name} is not at the table ({seats})",
        "too-many-digits": "a number here has at most {digits} digits, not {number}",
        "reserved-name": "'{name}' is a reserved word and cannot be a player's name",
        "unseen-count": "?*N takes a count from 1 to {most}, not {count}",
        "unknown-mark": "unknown mark '{mark}': the marks are {marks}",
        "unknown-mark-meant": "unknown mark '{mark}' (did you mean {close}?): the marks are {marks}",
        "no-card-word": "'{word}' is not a card",
        "month-not-a-card": "'{word}' is a month ({month}), not a card: write which of its cards, {choices}",
        "no-such-ribbon": "'{word}' is no card: the {kind} ribbons are those of {months}",
        "month-lacks": "'{word}' is no card: month {month} has no {kind}, its cards are {choices}",
        "bonus-pi": "'보너스피' is b2 or b3: write 보너스쌍피 (b2) or 보너스쓰리피 (b3)",
        "which-ribbon": "'{word}' is one of three ribbons: write which, {months}",
        "kind-alone": "'{word}' alone is more than one card: write the month with it, {choices}",
        "kind-alone-some": "'{word}' alone is more than one card: write the month with it, such as {choices}",
    },
)
"""The located errors of a text that is not GSN (decision P73), made where each is found."""

NOTICES = sayings(
    "notice",
    {
        "given-twice": "{name} is given twice; the later value counts",
        "unknown-tag": "unknown tag {name} is kept but changes nothing (the tags are {names})",
        "unknown-tag-meant": "unknown tag {name}: did you mean {meant}? It is kept but changes nothing",
    },
)
"""The warnings about a text that change nothing; a :class:`~.model.Notice` holds one's id and
facts (all words), so that a hand read back from its JSON says it again."""
