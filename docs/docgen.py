"""The references in docs/ that are generated from the code, so that they cannot drift from it.

    python docs/docgen.py docs/

writes docs/rules.md (every profile and knob), docs/cli.md (every command's help) and
docs/verdict.schema.json; a test checks that the committed files are what this writes. It lives
beside what it writes, not in the package: it reads the command line's declarations, and nothing
below the command may import the command (decision C22).
"""

from __future__ import annotations

import inspect
import json
import sys
from pathlib import Path

import click

from gostop_arbiter.cli import cli
from gostop_arbiter.render.rules import knob_rows
from gostop_arbiter.rules import PROFILES
from gostop_arbiter.schemas import json_schema


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
        "Generated from the code by `python docs/docgen.py docs/`; do not edit by hand.",
        "`gostop-arbiter rules NAME` shows the same for one profile. A transcript selects a profile with",
        '`[Rules "NAME"]` and changes one knob with `[Set "knob=value"]`; the command line with `--rules`',
        "and `--set`. Rule IDs refer to the rules research (docs/rules-reference.md).",
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


def _param_row(param: click.Parameter) -> str:
    """One option or argument as a table row, from its declaration (not click's help layout, which
    changes between click versions)."""
    names = ", ".join(f"`{o}`" for o in param.opts)
    kind = param.type
    if isinstance(kind, click.Choice):
        accepts = " \\| ".join(f"`{c}`" for c in kind.choices)
    elif isinstance(param, click.Option) and param.is_flag:
        accepts = "flag"
    elif isinstance(param, click.Option) and param.metavar:
        accepts = param.metavar.lower()
    elif isinstance(kind, click.Path):
        accepts = "file"
    elif isinstance(kind, click.types.IntParamType):
        accepts = "whole number"
    else:
        accepts = "text"
    notes = []
    if param.required:
        notes.append("required")
    if param.multiple or getattr(param, "nargs", 1) == -1:
        notes.append("repeatable")
    if isinstance(param, click.Option) and param.show_default is True and isinstance(param.default, int | str):
        notes.append(f"default {param.default}")
    help_text = (getattr(param, "help", None) or "").replace("|", "\\|")
    extra = f" ({', '.join(notes)})" if notes else ""
    return f"| {names} | {accepts} | {help_text}{extra} |"


def _help_markdown(text: str) -> str:
    """A command's help as Markdown: a paragraph click keeps as it is (``\\b``, the examples) is a
    code block."""
    paragraphs = inspect.cleandoc(text).split("\n\n")
    for i, paragraph in enumerate(paragraphs):
        first, _, rest = paragraph.partition("\n")
        if first.strip() == "\b":
            paragraphs[i] = "```sh\n" + inspect.cleandoc(rest) + "\n```"
    return "\n\n".join(paragraphs)


def cli_markdown() -> str:
    """docs/cli.md: every command, its arguments and options, from their declarations."""
    out = [
        "# Command-line reference",
        "",
        "Generated from the code by `python docs/docgen.py docs/`; `gostop-arbiter COMMAND --help`",
        "prints the same. `gostop-arbiter --version` prints the version. `--lang en|ko` is taken before",
        "the command (`gostop-arbiter --lang ko check …`) as after it (`gostop-arbiter check … --lang ko`).",
        "",
    ]
    for name in sorted(cli.commands):
        command = cli.commands[name]
        arguments = " ".join(p.human_readable_name for p in command.params if isinstance(p, click.Argument))
        usage = " ".join(part for part in (f"gostop-arbiter {name} [OPTIONS]", arguments) if part)
        out += [f"## {name}", "", f"`{usage}`", ""]
        out += [_help_markdown(command.help or ""), "", "| name | takes | meaning |", "|---|---|---|"]
        out += [_param_row(p) for p in command.params]
        out.append("")
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
