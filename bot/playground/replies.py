"""How the playground's API answers: JSON, and a request it cannot carry out as a 400 whose
`error` the page shows."""

from __future__ import annotations

import json
from typing import Any

from aiohttp import web

from bot.fake_telegram import SimulationError


class PlaygroundError(web.HTTPBadRequest):
    def __init__(self, message: str) -> None:
        super().__init__(text=f'{{"error": {quote(message)}}}', content_type="application/json")


def quote(data: object) -> str:
    return json.dumps(data, ensure_ascii=False)


@web.middleware
async def errors_as_json(request: web.Request, handler: Any) -> web.StreamResponse:
    try:
        return await handler(request)
    except SimulationError as exc:
        raise PlaygroundError(str(exc)) from exc
    except (ValueError, TypeError) as exc:  # an id that is no number, a field of the wrong type
        raise PlaygroundError("That request does not fit the playground's API.") from exc


async def read_body(request: web.Request) -> dict[str, Any]:
    try:
        body = await request.json()
    except ValueError as exc:
        raise PlaygroundError("The request body must be JSON.") from exc
    if not isinstance(body, dict):
        raise PlaygroundError("The request body must be a JSON object.")
    return body


def json_reply(data: object) -> web.Response:
    return web.json_response(data, dumps=quote)
