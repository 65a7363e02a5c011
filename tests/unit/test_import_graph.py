"""The shape targets of ARCHITECTURE.md ("Targets"), measured on the import graph (grimp,
which import-linter uses) and on the source: no cycles, short chains among the use cases, a
small plain-text post path, use cases bound once, short files."""

from __future__ import annotations

import ast
from collections.abc import Iterable
from functools import cache
from pathlib import Path

import grimp
import pytest

ROOT = Path(__file__).parents[2]
PACKAGES = ("bot", "handlers", "storage")
MAX_LINES = 300
MAX_SERVICE_CHAIN = 6  # ARCHITECTURE.md, "Targets"
MAX_POST_PATH = 147  # today's count (144, where the price stands at Publish: domain/advice.py, texts/advice.py, and the Market button: services/matching/market.py); the target of 25 is out of reach (ARCHITECTURE.md)
PORTS = "bot.services.ports"
# the handler, its use cases and the after-effects the bootstrap binds into them
POST_PATH = ("handlers.posting", "bot.bootstrap.posting", "bot.services.after_effects")
# what a handler would pass by hand if the bootstrap did not bind it
DEPENDENCIES = {"uow_factory", "clock", "matching", "index", "schedule"}


@cache
def graph(type_checking: bool = True) -> grimp.ImportGraph:
    return grimp.build_graph(
        *PACKAGES, exclude_type_checking_imports=not type_checking, cache_dir=None
    )


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan)."""
    order: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(module: str) -> None:
        order[module] = low[module] = len(order)
        stack.append(module)
        for other in edges[module]:
            if other not in order:
                visit(other)
                low[module] = min(low[module], low[other])
            elif other in stack:
                low[module] = min(low[module], order[other])
        if low[module] == order[module]:
            group = [stack.pop()]
            while group[-1] != module:
                group.append(stack.pop())
            if len(group) > 1:
                found.append(sorted(group))

    for module in sorted(edges):
        if module not in order:
            visit(module)
    return found


def direct_imports(modules: Iterable[str]) -> dict[str, set[str]]:
    g = graph()
    return {m: set(g.find_modules_directly_imported_by(m)) for m in modules}


def as_one(module: str, package: str) -> str:
    return package if module.startswith(package + ".") else module


def longest_chain(edges: dict[str, set[str]]) -> list[str]:
    """The longest chain of imports within `edges` (which has no cycle)."""

    @cache
    def from_(module: str) -> tuple[str, ...]:
        tails = [from_(other) for other in edges[module] if other in edges]
        return (module, *max(tails, key=len, default=()))

    return list(max((from_(m) for m in edges), key=len))


def test_the_cycle_finder_finds_a_type_only_cycle() -> None:
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []
    assert longest_chain({"a": {"b"}, "b": {"c"}, "c": set(), "d": {"c"}}) == ["a", "b", "c"]


def test_no_import_cycles_type_only_ones_included() -> None:
    assert cycles(direct_imports(graph().modules)) == []


def test_the_longest_chain_among_use_cases() -> None:
    """The ports (the Protocols storage implements) count as one module."""
    services = {as_one(m, PORTS) for m in graph().modules if m.startswith("bot.services.")}
    edges: dict[str, set[str]] = {m: set() for m in services}
    for module, targets in direct_imports(graph().modules).items():
        if as_one(module, PORTS) in services:
            edges[as_one(module, PORTS)] |= {as_one(o, PORTS) for o in targets} & services
    edges = {m: targets - {m} for m, targets in edges.items()}
    chain = longest_chain(edges)
    assert len(chain) <= MAX_SERVICE_CHAIN, " -> ".join(chain)


def insides_reached(edges: dict[str, set[str]]) -> list[str]:
    """Imports of a package's insides (a module whose name starts with one underscore) from
    outside that package."""
    reached = []
    for importer, targets in edges.items():
        for target in sorted(targets):
            parts = target.split(".")
            private = next((i for i, p in enumerate(parts) if p[:1] == "_" != p[1:2]), None)
            owner = ".".join(parts[:private])
            if private is not None and not (importer + ".").startswith(owner + "."):
                reached.append(f"{importer} -> {target}")
    return reached


def test_the_check_sees_a_feature_reaching_into_another():
    edges = {
        "s.reminders.sending": {"s.reminders._digest", "s.posting.posts"},
        "s.circles.groups": {"s.reminders._digest", "s.__init__"},
    }
    assert insides_reached(edges) == ["s.circles.groups -> s.reminders._digest"]


def test_no_feature_reaches_into_another_features_insides() -> None:
    assert insides_reached(direct_imports(graph().modules)) == []


def test_the_plain_text_post_path_imports_few_modules() -> None:
    """What a plain-text post's handler and the use cases it calls (bound in
    `bot.bootstrap.posting`) and the after-effects bound into them import at run time, down
    to the alerts they send."""
    g = graph(type_checking=False)
    path = set(POST_PATH).union(*(g.find_upstream_modules(m) for m in POST_PATH))
    assert "bot.services.matching.alerts" in path  # the path reaches the alerts
    assert len(path) <= MAX_POST_PATH, sorted(path)


def product_files() -> list[Path]:
    return sorted(
        path
        for package in PACKAGES
        for path in (ROOT / package).rglob("*.py")
        if "migrations" not in path.parts
    )


def test_no_product_file_is_over_300_lines() -> None:
    long = {
        str(p.relative_to(ROOT)): n
        for p in product_files()
        if (n := len(p.read_text(encoding="utf-8").splitlines())) > MAX_LINES
    }
    assert long == {}


def dependencies_passed(source: str) -> list[str]:
    """Calls that hand a use case a dependency the bootstrap binds (`context.clock`,
    `services.uow_factory`, `context.matching`, `settings.schedule()` ...)."""
    passed = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Call):
            continue
        for argument in [*node.args, *(k.value for k in node.keywords)]:
            name = argument.func if isinstance(argument, ast.Call) else argument
            if not isinstance(name, ast.Attribute) or ast.unparse(name.value) == "self":
                continue  # a local name or the object's own (a transport's monotonic clock)
            if name.attr in DEPENDENCIES:
                passed.append(f"{ast.unparse(node.func)}({ast.unparse(argument)})")
    return passed


def test_the_check_sees_a_dependency_passed_by_hand() -> None:
    assert dependencies_passed("f(context.services.uow_factory, context.clock, 1)") == [
        "f(context.services.uow_factory)",
        "f(context.clock)",
    ]
    assert dependencies_passed("f(context.settings.schedule(), x=context.matching)") == [
        "f(context.settings.schedule())",
        "f(context.matching)",
    ]
    assert dependencies_passed("context.use_cases.posting.publish(post, user)") == []


@pytest.mark.parametrize("path", sorted((ROOT / "handlers").rglob("*.py")), ids=lambda p: p.name)
def test_no_handler_passes_a_dependency_to_a_use_case(path: Path) -> None:
    assert dependencies_passed(path.read_text(encoding="utf-8")) == []
