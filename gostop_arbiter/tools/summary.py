"""The summary at the end of ``gostop-arbiter audit``."""

from __future__ import annotations

from rich.table import Table

from ..messages import Lang, pgettext, term
from .audit import FileAudit


def summary_table(total: FileAudit, files: int, lang: Lang = "en") -> Table:
    """The audit's counts, each row said in ``lang`` (decision P76); a violation by its term."""

    def said(text: str) -> str:
        return pgettext("audit", text, lang)

    table = Table(show_header=True, header_style="bold", title=said("audit"), title_justify="left")
    table.add_column("")
    table.add_column(said("count"), justify="right")
    table.add_row(said("files"), f"{files:,}")
    table.add_row(said("hands judged"), f"{total.hands:,}")
    table.add_row(said("valid"), f"{total.valid:,}")
    table.add_row("  " + said("of which the table's claims are contradicted"), f"{total.disputed:,}")
    table.add_row(said("invalid"), f"{total.hands - total.valid:,}")
    for code, count in sorted(total.codes.items(), key=lambda item: (-item[1], item[0])):
        table.add_row(f"  {term(code, lang)}", f"{count:,}")
    table.add_row(said("files that could not be read or judged in full"), f"{total.unreadable:,}")
    if total.errors:
        table.add_row("  " + said("errors in them (a line, a hand or a file each)"), f"{total.errors:,}")
    table.add_row(said("money that changed hands"), f"{total.money:,}")
    return table
