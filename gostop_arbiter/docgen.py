"""The references in docs/ that are generated from the code, so that they cannot drift from it.

    python -m gostop_arbiter.docgen docs/

writes docs/rules.md (every profile and knob), docs/cli.md (every command's help) and
docs/verdict.schema.json; a test checks that the committed files are what this writes.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from .cli import cli
from .render.rules import knob_rows
from .rules import PROFILES
from .schemas import json_schema


def _value(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list):
        return " ".join(str(v) for v in value) or "(none)"
    return "none" if value is None else str(value)


def rules_markdown() -> str:
    """docs/rules.md: the profiles, then every knob with its value in each profile."""
    names = list(PROFILES)
    rows = {name: knob_rows(profile) for name, profile in PROFILES.items()}
    out = [
        "# Rules profiles",
        "",
        "Generated from the code by `python -m gostop_arbiter.docgen docs/`; do not edit by hand.",
        "`gostop-arbiter rules NAME` shows the same for one profile. A transcript selects a profile with",
        '`[Rules "NAME"]` and changes one knob with `[Set "knob=value"]`; the command line with `--rules`',
        "and `--set`. Rule IDs refer to the rules research (RULES.md).",
        "",
        "| profile | what it is |",
        "|---|---|",
        *[f"| `{p.name}` | {p.summary} |" for p in PROFILES.values()],
        "",
        "## Every knob",
        "",
        "A value in **bold** differs from `standard`.",
        "",
    ]
    group = None
    for i, row in enumerate(rows["standard"]):
        if row["group"] != group:
            group = row["group"]
            out += [
                "",
                f"### {group.replace('_', ' ') or 'game'}",
                "",
                "| knob | meaning | rule | " + " | ".join(names) + " |",
                "|---|---|---|" + "---|" * len(names),
            ]
        cells = []
        for name in names:
            value = _value(rows[name][i]["value"])
            cells.append(f"**{value}**" if value != _value(row["value"]) else value)
        out.append(f"| `{row['knob']}` | {row['meaning']} | {row['rule']} | " + " | ".join(cells) + " |")
    return "\n".join(out) + "\n"


def cli_markdown() -> str:
    """docs/cli.md: the help of every command, as ``--help`` prints it."""
    out = ["# Command-line reference", "", "Generated from the code by `python -m gostop_arbiter.docgen docs/`.", ""]
    context = click.Context(cli, info_name="gostop-arbiter", terminal_width=100, max_content_width=100)
    out += ["```", cli.get_help(context), "```", ""]
    for name in sorted(cli.commands):
        command = cli.commands[name]
        sub = click.Context(command, info_name=name, parent=context, terminal_width=100, max_content_width=100)
        out += [f"## {name}", "", "```", command.get_help(sub), "```", ""]
    return "\n".join(out)


def schema_json() -> str:
    return json.dumps(json_schema("verdict"), ensure_ascii=False, indent=2) + "\n"


GENERATED = {"rules.md": rules_markdown, "cli.md": cli_markdown, "verdict.schema.json": schema_json}


def main(target: str) -> None:
    folder = Path(target)
    for name, make in GENERATED.items():
        (folder / name).write_text(make(), encoding="utf-8")
        print(f"wrote {folder / name}")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "docs")
