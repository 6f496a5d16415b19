"""``gostop-arbiter rules``: the profiles, and every knob of one with its value and meaning."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from ..messages import Lang, pgettext, say, term
from ..records import fields
from ..rules import PROFILES, Profile
from ..rules.choices import CHOICES
from ..rules.display import display_name
from ..rules.profile import GROUPS


def knob_rows(profile: Profile) -> list[dict[str, Any]]:
    """Every knob of a profile: group, name, value, meaning and rule, in the order they are defined."""
    rows: list[dict[str, Any]] = [
        {"group": "", "knob": "game", "value": profile.game, "meaning": "go-stop (incl. Matgo) or minhwatu", "rule": ""}
    ]
    for group in GROUPS:
        model = getattr(profile, group)
        for info in fields(type(model)):
            name = info.name
            description = str(info.metadata.get("description", ""))
            rule = str(info.metadata.get("json_schema_extra", {}).get("rule", ""))
            meaning = description.removesuffix(f" ({rule})") if rule else description
            rows.append({"group": group, "knob": name, "value": getattr(model, name), "meaning": meaning, "rule": rule})
    return rows


def _value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list):
        return " ".join(str(v) for v in value) or "(none)"
    if value is None:
        return "none"
    return str(value)


def _said_value(row: dict[str, Any], lang: Lang) -> str:
    """A knob's value as written (the ``Set`` tag's), and beside it, in a language other than
    English, what the value means: a choice's words, yes or no, none."""
    written = _value(row["value"])
    if lang == "en":
        return written
    value = row["value"]
    if isinstance(value, bool):
        meaning = "yes" if value else "no"
    elif value is None or value == []:
        meaning = "none"
    else:
        meaning = CHOICES.get(f"{row['group']}.{row['knob']}={value}", "")
    if not meaning:
        return written
    said = pgettext("knob choice", meaning, lang)
    return f"({said})" if written == "(none)" else f"{written} ({said})"


def _profile_name(name: str, lang: Lang) -> str:
    """A profile as a heading or a list names it: its code in English; in Korean its Korean name
    with the code one types after it (``표준 (standard)``), where the two differ."""
    shown = display_name(name, lang)
    return shown if shown == name else f"{shown} ({name})"


def profiles_table(lang: Lang = "en") -> Table:
    table = Table(show_header=True, header_style="bold", title=say("rules profiles", lang), title_justify="left")
    table.add_column(term("profile", lang), overflow="fold")
    table.add_column(term("what it is", lang), overflow="fold")
    for profile in PROFILES.values():
        table.add_row(_profile_name(profile.name, lang), pgettext("profile", profile.summary, lang))
    return table


def knobs_table(profile: Profile, rows: list[dict[str, Any]], lang: Lang = "en") -> Group:
    """Every knob of a profile, group by group: each knob's name, value and rule on a line, its
    meaning below it (a table of four columns gave the meaning a sixth of an 80-column terminal,
    456 lines for ``standard``)."""
    heading = f"{_profile_name(profile.name, lang)}: {pgettext('profile', profile.summary, lang)}"
    parts: list[RenderableType] = [Text(heading, style="bold")]
    group = None
    for row in rows:
        if row["group"] != group:
            group = row["group"]
            if group:
                shown = pgettext("knob group", group, lang) if lang != "en" else group.replace("_", " ")
                parts.append(Text(f"\n{shown}", style="bold underline"))
        line = Text("  ")
        line.append(row["knob"], style="bold")
        line.append(f" = {_said_value(row, lang)}")
        if row["rule"]:
            line.append(f"  ({term('rule', lang)} {row['rule']})", style="dim")
        parts.append(line)
        parts.append(Text("      " + pgettext("knob", row["meaning"], lang)))
    return Group(*parts)


def profile_json(profile: Profile) -> dict[str, Any]:
    return {
        "name": profile.name,
        "summary": profile.summary,
        "knobs": {
            row["knob"]: {k: row[k] for k in ("group", "value", "meaning", "rule")} for row in knob_rows(profile)
        },
    }
