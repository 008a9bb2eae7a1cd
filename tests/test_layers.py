"""The layers stay apart (ARCHITECTURE.md): the web calls services, never the store; services know nothing of Flask.

Read from the sources with ``ast``, so an import or a call that crosses a layer fails here, whether or not any
other test runs the line.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "scorekeeper"
WEB = sorted((PACKAGE / "web").rglob("*.py"))
SERVICES = sorted((PACKAGE / "services").rglob("*.py"))
SERVE = sorted((PACKAGE / "serve").rglob("*.py"))
# Everything under the server (serve/): nothing there is imported by the layers it serves.
INNER = sorted(p for p in PACKAGE.rglob("*.py") if "serve" not in p.relative_to(PACKAGE).parts[:1])

# Functions still in the web that talk to the store, while they are being moved into services (ARCHITECTURE.md:
# services/rematch.py). Each exception lapses by itself once its function leaves the module: do not add to this.
MOVING = {
    "web/game/start.py": "start_rematch",
    "web/group/routes.py": "group_rematch",
}

# What only the web shell may use: the services answer with domain objects and raise the errors of their family.
WEB_ONLY = ("flask", "flask_babel", "flask_wtf", "werkzeug", "wtforms", "jinja2", "scorekeeper.web")


def _name(path: Path) -> str:
    return path.relative_to(PACKAGE).as_posix()


def _tree(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"), filename=str(path))


def _imported(tree: ast.AST) -> list[tuple[int, str]]:
    """Every module a source imports, with its line: ``from a import b`` names both ``a`` and ``a.b``."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.append((node.lineno, node.module))
            found += [(node.lineno, f"{node.module}.{alias.name}") for alias in node.names]
    return found


def _within(name: str, module: str) -> bool:
    return name == module or name.startswith(module + ".")


def _moving(path: Path, tree: ast.Module) -> str | None:
    """The function of this module excused while it moves into services, if it is still here."""
    function = MOVING.get(_name(path))
    defined = {n.name for n in tree.body if isinstance(n, ast.FunctionDef)}
    return function if function in defined else None


def _store_calls(tree: ast.Module, excused: str | None) -> list[tuple[int, str]]:
    """Methods called on the request's database handle: ``store().x`` or ``db.x`` after ``db = store()``."""
    found = []
    for function in ast.walk(tree):
        if not isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef) or function.name == excused:
            continue
        handles = {
            target.id
            for node in ast.walk(function)
            if isinstance(node, ast.Assign) and _is_store_call(node.value)
            for target in node.targets
            if isinstance(target, ast.Name)
        }
        for node in ast.walk(function):
            if isinstance(node, ast.Attribute) and (
                _is_store_call(node.value) or (isinstance(node.value, ast.Name) and node.value.id in handles)
            ):
                found.append((node.lineno, node.attr))
    return found


def _is_store_call(node: ast.AST) -> bool:
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "store"


@pytest.mark.parametrize("path", WEB, ids=_name)
def test_the_web_never_imports_the_store(path):
    tree = _tree(path)
    crossing = [(line, name) for line, name in _imported(tree) if _within(name, "scorekeeper.store")]
    if crossing and _moving(path, tree):
        pytest.skip(f"{_moving(path, tree)} still talks to the store while it moves into services")
    assert not crossing, f"{_name(path)} imports the store (ask a service instead): {crossing}"


@pytest.mark.parametrize("path", WEB, ids=_name)
def test_the_web_calls_no_store_method(path):
    tree = _tree(path)
    calls = _store_calls(tree, _moving(path, tree))
    assert not calls, f"{_name(path)} calls the store itself (ask a service instead): {calls}"


@pytest.mark.parametrize("path", SERVICES, ids=_name)
def test_services_never_import_the_web(path):
    crossing = [(line, name) for line, name in _imported(_tree(path)) if any(_within(name, m) for m in WEB_ONLY)]
    assert not crossing, f"{_name(path)} imports the web's tools; services must work without Flask: {crossing}"


@pytest.mark.parametrize("path", INNER, ids=_name)
def test_nothing_inside_imports_the_server(path):
    crossing = [(line, name) for line, name in _imported(_tree(path)) if _within(name, "scorekeeper.serve")]
    assert not crossing, f"{_name(path)} imports the server (serve/ is the outermost layer): {crossing}"


@pytest.mark.parametrize("path", SERVE, ids=_name)
def test_the_server_never_talks_to_the_store(path):
    crossing = [(line, name) for line, name in _imported(_tree(path)) if _within(name, "scorekeeper.store")]
    assert not crossing, f"{_name(path)} imports the store (the server reads through services): {crossing}"


def test_the_checks_see_a_crossing():
    """The checks above find what they look for (else they would pass on any code)."""
    source = ast.parse(
        "from scorekeeper.store import Store\n"
        "import flask\n"
        "def view():\n"
        "    db = store()\n"
        "    store().group('g')\n"
        "    return db.game_version('x')\n"
    )
    names = [name for _line, name in _imported(source)]
    assert "scorekeeper.store" in names and "flask" in names
    assert sorted(_store_calls(source, None)) == [(5, "group"), (6, "game_version")]
    assert _store_calls(source, "view") == []
