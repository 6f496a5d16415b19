"""The package is laid out as its pipeline, and imports point one way, down it (STYLE.md): the
notation knows no rules, the engine imports no settlement or judging, nothing below the command
imports the command. Every import counts, module-level or inside a function."""

from __future__ import annotations

import ast
from pathlib import Path

from conftest import ROOT

PACKAGE = ROOT / "gostop_arbiter"

LAYERS: list[tuple[str, set[str]]] = [
    (
        "base",
        {
            "cards",
            "card_names",
            "records",
            "numbers",
            "exitcodes",
            "collector",
            "outputs",
            "messages",
            "errors",
            "particles",
        },
    ),
    ("notation", {"notation"}),
    ("rules", {"rules"}),
    ("scoring and the verdict's models", {"scoring", "verdict"}),
    ("engine (the board)", {"engine"}),
    ("settlement", {"settlement"}),
    ("judging", {"judging"}),
    ("render", {"render"}),
    ("tools", {"tools.simulate", "tools.tamper", "tools.audit", "tools.summary", "tools"}),
    ("the table app", {"table"}),
    ("the command and the package's door", {"cli", "command", "helptext", "_entry", "__main__", "schemas", ""}),
]
"""Lowest first: a module may import its own layer and the layers above it in this list, never one below."""


def layer_of(module: str) -> int:
    """The layer of a module named within the package (``engine.board``, ``cli``; ``''`` is the package)."""
    best = None
    for index, (_name, prefixes) in enumerate(LAYERS):
        for prefix in prefixes:
            matches = module == prefix or (prefix and module.startswith(prefix + "."))
            if matches and (best is None or len(prefix) > best[1]):
                best = (index, len(prefix))
    assert best is not None, f"gostop_arbiter.{module} belongs to no layer of tests/test_layers.py"
    return best[0]


def module_of(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imports_of(path: Path) -> list[tuple[int, str]]:
    """(line, module within the package) of every import of the package's own modules."""
    module = module_of(path)
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".") if package else []
                base = base[: len(base) - (node.level - 1)]
                target = ".".join(base + ([node.module] if node.module else []))
                names = [f"{target}.{a.name}".strip(".") for a in node.names]
                found += [(node.lineno, n if _is_module(n) else target) for n in names]
            elif node.module and node.module.split(".")[0] == "gostop_arbiter":
                found.append((node.lineno, node.module.removeprefix("gostop_arbiter").lstrip(".")))
        elif isinstance(node, ast.Import):
            found += [
                (node.lineno, a.name.removeprefix("gostop_arbiter").lstrip("."))
                for a in node.names
                if a.name.split(".")[0] == "gostop_arbiter"
            ]
    return found


def _is_module(name: str) -> bool:
    path = PACKAGE.joinpath(*name.split("."))
    return path.with_suffix(".py").exists() or (path / "__init__.py").exists()


def test_every_module_has_a_layer() -> None:
    for path in PACKAGE.rglob("*.py"):
        layer_of(module_of(path))


def test_imports_point_down_the_pipeline() -> None:
    wrong = []
    for path in sorted(PACKAGE.rglob("*.py")):
        here = module_of(path)
        for line, target in imports_of(path):
            if layer_of(target) > layer_of(here):
                wrong.append(
                    f"{path.relative_to(ROOT)}:{line}: {LAYERS[layer_of(here)][0]} imports "
                    f"gostop_arbiter.{target} ({LAYERS[layer_of(target)][0]})"
                )
    assert wrong == []


def test_the_engine_imports_no_settlement_and_no_judging() -> None:
    engine = PACKAGE / "engine"
    targets = {t for path in engine.rglob("*.py") for _line, t in imports_of(path)}
    assert not {t for t in targets if t.split(".")[0] in ("settlement", "judging", "render", "tools", "cli")}


def test_every_error_the_package_raises_has_one_root_and_a_caller_can_catch_it_from_the_package() -> None:
    import gostop_arbiter as ga
    from gostop_arbiter.errors import ArbiterError

    roots = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef) and any(
                isinstance(base, ast.Name) and base.id in ("Exception", "ValueError", "BaseException")
                for base in node.bases
            ):
                roots[f"{module_of(path)}.{node.name}"] = [ast.unparse(base) for base in node.bases]
    # Terminated is how SIGTERM unwinds the command (as KeyboardInterrupt does for Ctrl-C): no error
    strays = {
        name: bases for name, bases in roots.items() if name != "command.Terminated" and "ArbiterError" not in bases
    }
    assert strays == {"errors.ArbiterError": ["Exception"]}
    for name in ("ArbiterError", "GsnSyntaxError", "RulesError", "UsageError", "IllegalStatement", "OutputError"):
        assert issubclass(getattr(ga, name), ArbiterError), name
