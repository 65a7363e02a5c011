"""Issue 31, finding 9: the lock files pin what pyproject.toml asks for, with hashes.

`requirements.lock` holds the bot (pyproject's dependencies; README's first command and
docs/DEPLOY.md), `requirements-dev.lock` the bot and the dev extra (README's test command and
.ci/run). uv makes both, for Python 3.11 on Linux x86_64, with the command in each header
(COMMANDS below); pip installs them with `--require-hashes`, then the project itself with
`--no-deps -e .`. After a change to pyproject.toml's dependencies, run both commands again:
uv keeps every pin it can and moves only what the change needs (`--upgrade-package NAME`
moves one on purpose)."""

from __future__ import annotations

import re
import tomllib
from importlib import metadata
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from packaging.version import Version

ROOT = Path(__file__).parents[2]
TARGET = "--generate-hashes --python-version 3.11 --python-platform x86_64-manylinux_2_28"
COMMANDS = {  # lock file -> the command that makes it (run from the project folder)
    "requirements.lock": f"uv pip compile pyproject.toml {TARGET} -o requirements.lock",
    "requirements-dev.lock": (
        f"uv pip compile pyproject.toml --extra dev {TARGET} -o requirements-dev.lock"
    ),
}
EXTRAS = {"requirements.lock": (), "requirements-dev.lock": ("dev",)}
_PIN = re.compile(r"^([A-Za-z0-9][A-Za-z0-9._-]*)==(\S+)((?:\s+--hash=sha256:[0-9a-f]{64})*)$")


def read_lock(path: Path) -> tuple[list[str], dict[str, tuple[Version, int]], list[str]]:
    """The header's comment lines, {name: (version, number of hashes)}, and the lines that
    are neither comments nor pins."""
    header: list[str] = []
    pins: dict[str, tuple[Version, int]] = {}
    strange: list[str] = []
    entry = ""
    for line in path.read_text().splitlines():
        if line.startswith("#") and not pins and not entry:
            header.append(line)
            continue
        line = line.split("#", 1)[0].strip()  # "# via ..." lines and trailing comments
        if not line:
            continue
        entry += " " + line.removesuffix("\\").strip()
        if line.endswith("\\"):
            continue
        entry, whole = "", entry.strip()
        match = _PIN.match(whole)
        if match is None:
            strange.append(whole[:120])
        else:
            pins[canonicalize_name(match[1])] = (Version(match[2]), match[3].count("--hash="))
    return header, pins, strange


def requested(pyproject: Path, extras: tuple[str, ...]) -> list[Requirement]:
    project = tomllib.loads(pyproject.read_text())["project"]
    lines = list(project["dependencies"])
    for extra in extras:
        lines += project["optional-dependencies"][extra]
    return [Requirement(line) for line in lines]


def problems(lock: Path, pyproject: Path, command: str, extras: tuple[str, ...]) -> list[str]:
    """What is wrong with `lock` for `pyproject`: [] when it pins, with hashes, everything
    pyproject's requirements need on this interpreter and nothing more, each in range."""
    header, pins, strange = read_lock(lock)
    found: list[str] = []
    if len(header) < 2 or header[1].removeprefix("#").strip() != command:
        found.append(f"{lock.name}'s header does not say it was made by `{command}`")
    found += [f"{lock.name}: not a pinned requirement with hashes: {line}" for line in strange]
    found += [f"{name} is pinned without a hash" for name, (_, n) in pins.items() if not n]
    # pyproject's requirements, then what they need in turn (read from the installed
    # packages' metadata, where the installed version is the locked one), with the markers
    # of this interpreter: Python 3.11 on Linux, as the lock is made for
    todo = requested(pyproject, extras)
    seen: set[tuple[str, frozenset[str], str]] = set()
    reached: set[str] = set()
    walked_all = True
    while todo:
        requirement = todo.pop()
        name = canonicalize_name(requirement.name)
        key = (name, frozenset(requirement.extras), str(requirement.specifier))
        if key in seen:
            continue
        seen.add(key)
        reached.add(name)
        if name not in pins:
            found.append(f"{requirement} is not pinned in {lock.name}")
            continue
        version = pins[name][0]
        if not requirement.specifier.contains(version, prereleases=True):
            found.append(f"{name}=={version} in {lock.name} is outside {requirement}")
        try:
            installed = metadata.distribution(name)
        except metadata.PackageNotFoundError:
            walked_all = False
            continue
        if Version(installed.version) != version:
            walked_all = False  # another version's requirements may differ
            continue
        for line in installed.requires or []:
            needed = Requirement(line)
            if needed.marker is None or any(
                needed.marker.evaluate({"extra": extra}) for extra in {"", *requirement.extras}
            ):
                todo.append(needed)
    if walked_all:
        found += [f"{name} is pinned but nothing needs it" for name in pins if name not in reached]
    return found


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_lock_pins_what_pyproject_asks_for(name: str) -> None:
    found = problems(ROOT / name, ROOT / "pyproject.toml", COMMANDS[name], EXTRAS[name])
    assert not found, (
        "\n".join(found) + f"\nMake the lock again, from the project folder: {COMMANDS[name]}"
    )


def test_the_bot_gets_the_versions_the_tests_ran() -> None:
    _, bot, _ = read_lock(ROOT / "requirements.lock")
    _, dev, _ = read_lock(ROOT / "requirements-dev.lock")
    differ = {
        name: (version, dev.get(name, (None, 0))[0])
        for name, (version, _) in bot.items()
        if dev.get(name, (None, 0))[0] != version
    }
    assert not differ, f"requirements.lock vs requirements-dev.lock: {differ}"


def test_finding_9_stays_fixed() -> None:
    """aiohttp from 3.12.14 (its request-smuggling fix); PTB without its [webhooks] extra,
    whose tornado nothing here uses (handlers/transport/webhook.py is the bot's own aiohttp server)."""
    wanted = {canonicalize_name(r.name): r for r in requested(ROOT / "pyproject.toml", ())}
    assert not wanted["aiohttp"].specifier.contains("3.12.13")
    assert "webhooks" not in wanted["python-telegram-bot"].extras
    for name in COMMANDS:
        _, pins, _ = read_lock(ROOT / name)
        assert pins["aiohttp"][0] >= Version("3.12.14")
        assert "tornado" not in pins


@pytest.mark.parametrize(
    ("edit", "complaint"),
    [
        (lambda text: re.sub(r"(?m)^aiohttp==\S+", "aiohttp==3.9.5", text), "outside aiohttp"),
        (lambda text: re.sub(r"(?m)^numpy==", "numpy-gone==", text), "numpy"),
        (lambda text: text.replace(" --generate-hashes", ""), "header"),
        (lambda text: text + "tornado==6.5.2 \\\n    --hash=sha256:" + "0" * 64 + "\n", "tornado"),
        (lambda text: text + "idna==3.20\n", "idna is pinned without a hash"),
    ],
    ids=["out-of-range", "missing", "command", "unneeded", "no-hash"],
)
def test_a_drifted_lock_is_caught(tmp_path: Path, edit, complaint: str) -> None:
    name = "requirements-dev.lock"
    lock = tmp_path / name
    lock.write_text(edit((ROOT / name).read_text()))
    found = problems(lock, ROOT / "pyproject.toml", COMMANDS[name], EXTRAS[name])
    assert any(complaint in line for line in found), found


def test_a_requirement_added_to_pyproject_is_caught(tmp_path: Path) -> None:
    pyproject = tmp_path / "pyproject.toml"
    text = (ROOT / "pyproject.toml").read_text()
    pyproject.write_text(text.replace("dependencies = [\n", 'dependencies = [\n    "rich",\n', 1))
    name = "requirements.lock"
    found = problems(ROOT / name, pyproject, COMMANDS[name], EXTRAS[name])
    assert any("rich is not pinned" in line for line in found), found
