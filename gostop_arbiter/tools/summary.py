"""The summary at the end of ``gostop-arbiter audit``."""

from __future__ import annotations

from rich.table import Table

from .audit import FileAudit


def summary_table(total: FileAudit, files: int) -> Table:
    table = Table(show_header=True, header_style="bold", title="audit", title_justify="left")
    table.add_column("")
    table.add_column("count", justify="right")
    table.add_row("files", f"{files:,}")
    table.add_row("hands judged", f"{total.hands:,}")
    table.add_row("valid", f"{total.valid:,}")
    table.add_row("  of which the table's claims are contradicted", f"{total.disputed:,}")
    table.add_row("invalid", f"{total.hands - total.valid:,}")
    for code, count in sorted(total.codes.items(), key=lambda item: (-item[1], item[0])):
        table.add_row(f"  {code}", f"{count:,}")
    table.add_row("files that could not be read or judged in full", f"{total.unreadable:,}")
    if total.errors:
        table.add_row("  errors in them (a line, a hand or a file each)", f"{total.errors:,}")
    table.add_row("money that changed hands", f"{total.money:,}")
    return table
