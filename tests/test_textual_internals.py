"""Textual's internals live in one place (tui/textual_internals/): no other module under tui/
imports a private Textual module (`textual._*`, `textual.widgets._footer`...) or touches a
private name (one underscore) that Textual or Rich defines: `app._keymap`, `self._bindings`
in a Widget subclass, an override of `_size_updated`, `widget._styles_cache = ...`.

The private names are read from the installed Textual and Rich (every `def _x`, class-level
`_x` and `self._x = ...` in their classes), so a name a new release adds is caught too. A
`self._x` (or a method `_x`) in one of our classes counts when a Textual or Rich class it
inherits from defines `_x`; on anything else (`app._x`, `widget._x`), when any of theirs
does and none of our own classes defines it for itself."""

from __future__ import annotations

import ast
import importlib
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest
import rich
import textual

import tui

TUI = Path(tui.__file__).parent
INTERNALS = TUI / "textual_internals"  # the one place allowed
THEIRS = {"textual": Path(textual.__file__).parent, "rich": Path(rich.__file__).parent}


def _private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def _self_stores(node: ast.AST) -> Iterator[str]:
    for sub in ast.walk(node):
        if isinstance(sub, ast.Attribute) and isinstance(sub.value, ast.Name) and sub.value.id in ("self", "cls"):
            if isinstance(sub.ctx, ast.Store):
                yield sub.attr


def _class_names(cls: ast.ClassDef) -> set[str]:
    """The private names a class defines: methods, class-level names, `self._x = ...`."""
    names: set[str] = set()
    for item in cls.body:
        if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)):
            names.add(item.name)
            names.update(_self_stores(item))
        elif isinstance(item, ast.Assign):
            names.update(t.id for t in item.targets if isinstance(t, ast.Name))
        elif isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name):
            names.add(item.target.id)
    return {name for name in names if _private(name)}


def _classes(tree: ast.AST, prefix: str = "") -> Iterator[tuple[str, ast.ClassDef]]:
    for item in getattr(tree, "body", []):
        if isinstance(item, ast.ClassDef):
            qualname = prefix + item.name
            yield qualname, item
            yield from _classes(item, qualname + ".")


@cache
def their_names() -> dict[tuple[str, str], frozenset[str]]:
    """(module, class qualname) -> the private names that Textual or Rich class defines."""
    found: dict[tuple[str, str], frozenset[str]] = {}
    for package, folder in THEIRS.items():
        for path in folder.rglob("*.py"):
            parts = path.relative_to(folder).with_suffix("").parts
            module = ".".join((package, *parts[:-1])) if parts[-1] == "__init__" else ".".join((package, *parts))
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for qualname, cls in _classes(tree):
                found[(module, qualname)] = frozenset(_class_names(cls))
    return found


@cache
def all_their_names() -> frozenset[str]:
    return frozenset().union(*their_names().values())


def _their_bases_names(cls: type) -> set[str]:
    names: set[str] = set()
    for base in cls.__mro__:
        if base.__module__.split(".")[0] in THEIRS:
            names |= their_names().get((base.__module__, base.__qualname__), frozenset())
    return names


def _module_name(path: Path, root: Path) -> str:
    parts = path.relative_to(root.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _private_module(name: str | None) -> bool:
    parts = (name or "").split(".")
    return parts[0] == "textual" and any(_private(part) for part in parts[1:])


def scan(root: Path = TUI, skip: Path | None = INTERNALS) -> list[str]:
    """Every use of a Textual internal in the modules under `root` (outside `skip`), as
    "path:line: what"."""
    sources = {
        path: ast.parse(path.read_text(encoding="utf-8"))
        for path in sorted(root.rglob("*.py"))
        if skip is None or not path.is_relative_to(skip)
    }
    # Our own classes, resolved at run time for their bases; the private names each
    # defines that none of its Textual or Rich bases does are ours.
    ours_by_class: dict[tuple[Path, str], set[str]] = {}
    own: set[str] = set()
    for path, tree in sources.items():
        classes = list(_classes(tree))
        module = importlib.import_module(_module_name(path, root)) if classes else None
        for qualname, node in classes:
            obj: object = module
            for part in qualname.split("."):
                obj = getattr(obj, part, None)
            theirs = _their_bases_names(obj) if isinstance(obj, type) else set()
            ours_by_class[(path, qualname)] = theirs
            own |= _class_names(node) - theirs
    findings: list[str] = []
    for path, tree in sources.items():
        where = path.relative_to(root.parent)

        def flag(node: ast.AST, what: str) -> None:
            findings.append(f"{where}:{getattr(node, 'lineno', 0)}: {what}")

        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                for alias in node.names:
                    if _private_module(alias.name):
                        flag(node, f"imports {alias.name}")
            elif isinstance(node, ast.ImportFrom):
                if _private_module(node.module):
                    flag(node, f"imports from {node.module}")
                elif node.module and node.module.split(".")[0] == "textual":
                    for alias in node.names:
                        if _private(alias.name):
                            flag(node, f"imports {alias.name} from {node.module}")
        in_class: set[int] = set()
        for qualname, cls in _classes(tree):
            theirs = ours_by_class[(path, qualname)]
            for item in cls.body:
                if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)) and item.name in theirs:
                    flag(item, f"{qualname} overrides Textual's {item.name}")
                names = item.targets if isinstance(item, ast.Assign) else [getattr(item, "target", None)]
                for target in names:
                    if isinstance(target, ast.Name) and target.id in theirs:
                        flag(item, f"{qualname} sets Textual's {target.id}")
            for sub in ast.walk(cls):
                if (
                    isinstance(sub, ast.Attribute)
                    and isinstance(sub.value, ast.Name)
                    and sub.value.id in ("self", "cls")
                ):
                    in_class.add(id(sub))
                    if sub.attr in theirs:
                        flag(sub, f"{qualname} uses Textual's self.{sub.attr}")
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and id(node) not in in_class and _private(node.attr):
                if node.attr in all_their_names() and node.attr not in own:
                    flag(node, f"uses Textual's .{node.attr}")
            elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                if node.func.id in ("getattr", "setattr", "hasattr", "delattr") and len(node.args) > 1:
                    name = node.args[1]
                    if isinstance(name, ast.Constant) and isinstance(name.value, str) and _private(name.value):
                        if name.value in all_their_names() and name.value not in own:
                            flag(node, f"{node.func.id}(..., {name.value!r})")
    return sorted(set(findings))


def test_no_module_outside_the_internals_touches_textual_internals() -> None:
    assert scan() == []


def test_the_scan_flags_every_kind_of_use(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The scan run on a package written like the old tree: each use is reported."""
    package = tmp_path / "oldtui"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "screens.py").write_text(
        "from textual._arrange import arrange\n"
        "from textual.widgets._footer import FooterKey\n"
        "from textual.screen import Screen\n"
        "from textual.widget import Widget\n"
        "\n"
        "class Board(Widget):\n"
        "    def __init__(self):\n"
        "        super().__init__()\n"
        "        self._strips = []\n"  # ours: no Textual base defines it
        "        self._styles_cache = None\n"
        "\n"
        "    def _size_updated(self, size, virtual_size, container_size, layout=True):\n"
        "        return super()._size_updated(size, virtual_size, container_size, layout=False)\n"
        "\n"
        "def keymap_of(app):\n"
        "    return app._keymap\n"
        "\n"
        "def chain(screen: Screen):\n"
        "    return getattr(screen, '_binding_chain')\n"
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    found = "\n".join(scan(package, skip=None))
    for expected in (
        ":1: imports from textual._arrange",
        ":2: imports from textual.widgets._footer",
        ":10: Board uses Textual's self._styles_cache",
        ":12: Board overrides Textual's _size_updated",
        ":16: uses Textual's ._keymap",
        ":19: getattr(..., '_binding_chain')",
    ):
        assert expected in found
    assert "_strips" not in found


def test_the_switch_reads_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    import tui.textual_internals as internals

    monkeypatch.setenv(internals.ENVIRONMENT, "off")
    assert not internals.any_enabled()
    monkeypatch.setenv(internals.ENVIRONMENT, "on,-compositor")
    assert internals.enabled("plain_lines") and not internals.enabled("compositor")
    monkeypatch.delenv(internals.ENVIRONMENT)
    assert internals.enabled("compositor") == (textual.__version__ == internals.WRITTEN_FOR)


def test_an_unverified_textual_release_runs_on_public_apis(monkeypatch: pytest.MonkeyPatch) -> None:
    import tui.textual_internals as internals

    monkeypatch.setattr(textual, "__version__", "8.9.0")
    monkeypatch.delenv(internals.ENVIRONMENT, raising=False)
    assert not internals.any_enabled()
    monkeypatch.setenv(internals.ENVIRONMENT, "on")
    assert internals.any_enabled()


def test_the_public_bindings_of_every_widget_class_are_textuals() -> None:
    """Without the internals a widget's bindings come from the `BINDINGS` of its class and
    bases: the same as Textual's own merge, for every class under tui/."""
    from textual.dom import DOMNode

    from tui.textual_internals import class_bindings

    classes: set[type] = set()
    for path in TUI.rglob("*.py"):
        if path.name == "__main__.py":
            continue
        module = importlib.import_module(_module_name(path, TUI))
        classes |= {
            obj
            for obj in vars(module).values()
            if isinstance(obj, type) and issubclass(obj, DOMNode) and obj is not DOMNode
        }
    assert len(classes) > 20
    for cls in classes:
        ours = class_bindings(cls).key_to_bindings
        theirs = cls._merged_bindings.key_to_bindings
        assert ours == theirs, cls
