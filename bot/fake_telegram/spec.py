"""The Bot API description (api.json) and parameter validation driven by it.

PTB 22 sends every call as ``application/x-www-form-urlencoded`` (``multipart/form-data`` when a
file is uploaded): strings as they are, numbers and booleans JSON-encoded (``42``, ``true``) and
objects/arrays as JSON strings. Telegram also accepts a JSON body, where values arrive already
typed; both are handled here. Unknown parameters are ignored, as Telegram does.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from bot.fake_telegram.errors import ApiError, bad_request

SPEC_PATH = Path(__file__).with_name("api.json")
_INT_RE = re.compile(r"^-?\d+$")
_BOOL_WORDS = {"true": True, "false": False, "1": True, "0": False}
_DISCRIMINATOR_RE = re.compile(r'(?:must be|always) "?([a-z_]+)"?')
SCALARS = ("Integer", "Float", "Boolean", "String", "InputFile")


@dataclass(frozen=True)
class UploadedFile:
    """A file part of a multipart request."""

    filename: str
    content_type: str
    data: bytes


class _Mismatch(Exception):
    """A value does not fit a spec type; carries a Telegram-like reason."""


class BotApiSpec:
    """Methods and types of the Bot API, looked up case-insensitively like Telegram does."""

    def __init__(self, data: dict[str, Any]) -> None:
        self.version: str = data.get("version", "")
        self.methods: dict[str, dict[str, Any]] = data["methods"]
        self.types: dict[str, dict[str, Any]] = data["types"]
        self._by_lower = {name.lower(): name for name in self.methods}

    @classmethod
    def load(cls, path: Path = SPEC_PATH) -> BotApiSpec:
        return cls(json.loads(path.read_text(encoding="utf-8")))

    def canonical_name(self, method: str) -> str | None:
        return self._by_lower.get(method.lower())

    def returns(self, method: str) -> list[str]:
        return list(self.methods[method].get("returns", []))

    def validate(self, method: str, raw: dict[str, Any], from_json: bool) -> dict[str, Any]:
        """Check required parameters and types; return the typed parameters of ``method``."""
        out: dict[str, Any] = {}
        for field in self.methods[method].get("fields", []):
            name = field["name"]
            value = raw.get(name)
            if value is None or value == "":
                if field["required"]:
                    raise bad_request(_empty_description(name))
                continue
            out[name] = self._coerce_param(name, value, field["types"], from_json)
        return out

    def _coerce_param(self, name: str, value: Any, types: list[str], from_json: bool) -> Any:
        problems: list[str] = []
        for type_name in types:
            try:
                return self._coerce_top(value, type_name, from_json)
            except _Mismatch as exc:
                problems.append(str(exc))
        if any(t not in SCALARS for t in types):
            detail = problems[_best_candidate(self, value, types)]
            raise bad_request(f"can't parse {name} JSON object: {detail}")
        raise bad_request(f'invalid parameter "{name}": must be of type {" or ".join(types)}')

    def _coerce_top(self, value: Any, type_name: str, from_json: bool) -> Any:
        if type_name == "InputFile":
            if isinstance(value, UploadedFile):
                return value
            raise _Mismatch("expected an uploaded file")
        if isinstance(value, UploadedFile):
            raise _Mismatch(f"a file was uploaded where {type_name} was expected")
        if isinstance(value, str) and type_name not in SCALARS:
            try:
                value = json.loads(value)
            except ValueError as exc:
                raise _Mismatch("invalid JSON") from exc
        elif isinstance(value, str):
            return _scalar_from_text(value, type_name)
        if from_json and type_name == "String" and isinstance(value, int | float):
            return str(value)  # Telegram converts top-level JSON numbers given for strings
        self.check_value(value, type_name, "")
        return value

    def check_value(self, value: Any, type_name: str, path: str) -> None:
        """Raise ``_Mismatch`` unless the decoded JSON ``value`` fits ``type_name``."""
        if type_name.startswith("Array of "):
            if not isinstance(value, list):
                raise _Mismatch(f'Field "{path or "value"}" must be an Array')
            for index, item in enumerate(value):
                self.check_value(item, type_name[len("Array of ") :], f"{path}[{index}]")
            return
        if type_name in SCALARS:
            if not _json_scalar_ok(value, type_name):
                raise _Mismatch(f'Field "{path or "value"}" must be of type {type_name}')
            return
        spec_type = self.types.get(type_name)
        if spec_type is None:
            return  # a type the spec names but does not describe: accept its JSON as is
        if not isinstance(value, dict):
            raise _Mismatch(f'Field "{path or "value"}" must be an Object ({type_name})')
        if "subtypes" in spec_type:
            self._check_subtype(value, spec_type["subtypes"], path)
            return
        for field in spec_type.get("fields", []):
            sub_path = f"{path}.{field['name']}" if path else field["name"]
            if field["name"] not in value:
                if field["required"]:
                    raise _Mismatch(f'Field "{sub_path}" must be present')
                continue
            errors = []
            for candidate in field["types"]:
                try:
                    self.check_value(value[field["name"]], candidate, sub_path)
                    break
                except _Mismatch as exc:
                    errors.append(str(exc))
            else:
                raise _Mismatch(errors[0])

    def _check_subtype(self, value: dict[str, Any], subtypes: list[str], path: str) -> None:
        for sub in subtypes:
            fields = self.types[sub].get("fields", [])
            if not fields:
                continue
            key, expected = fields[0]["name"], _discriminator(fields[0])
            if expected is not None and value.get(key) == expected:
                self.check_value(value, sub, path)
                return
        raise _Mismatch(f'Field "{path or "value"}" has an unsupported type')

    def required_fields(self, type_name: str) -> list[str]:
        return [f["name"] for f in self.types[type_name].get("fields", []) if f["required"]]


def _discriminator(field: dict[str, Any]) -> str | None:
    match = _DISCRIMINATOR_RE.search(field.get("description", ""))
    return match.group(1) if match else None


def _best_candidate(spec: BotApiSpec, value: Any, types: list[str]) -> int:
    """Index of the union member the value most likely meant (all its required keys present)."""
    if isinstance(value, str):
        try:
            value = json.loads(value)
        except ValueError:
            return 0
    if isinstance(value, dict):
        for index, type_name in enumerate(types):
            if type_name in spec.types and "fields" in spec.types[type_name]:
                required = spec.required_fields(type_name)
                if required and all(key in value for key in required):
                    return index
    return 0


def _scalar_from_text(text: str, type_name: str) -> Any:
    if type_name == "String":
        return text
    if type_name == "Integer" and _INT_RE.match(text):
        return int(text)
    if type_name == "Float":
        try:
            return float(text)
        except ValueError:
            pass
    if type_name == "Boolean" and text.lower() in _BOOL_WORDS:
        return _BOOL_WORDS[text.lower()]
    raise _Mismatch(f"{text!r} is not {type_name}")


def _json_scalar_ok(value: Any, type_name: str) -> bool:
    if type_name == "Boolean":
        return isinstance(value, bool)
    if isinstance(value, bool):
        return False
    if type_name == "Integer":
        return isinstance(value, int)
    if type_name == "Float":
        return isinstance(value, int | float)
    return isinstance(value, str)  # String, and InputFile given as file_id/URL/attach://


def _empty_description(name: str) -> str:
    if name == "text":
        return "message text is empty"
    return f"{name} is empty"


@lru_cache(maxsize=1)
def default_spec() -> BotApiSpec:
    """The bundled spec, parsed once per process."""
    return BotApiSpec.load()


__all__ = ["ApiError", "BotApiSpec", "UploadedFile", "default_spec"]
