"""The fake's HTTP side: body encodings, routes, shutdown of long polls, the CLI."""

from __future__ import annotations

import asyncio
import json
import sys
from pathlib import Path

import aiohttp

from bot.fake_telegram import FakeTelegram, FloodLimits

ROOT = Path(__file__).resolve().parents[2]


async def test_form_json_multipart_and_query_bodies() -> None:
    async with (
        FakeTelegram("123:ABC", limits=FloodLimits.off()) as fake,
        aiohttp.ClientSession() as http,
    ):
        alice = fake.user("Alice")
        await alice.send("/start")
        url = f"{fake.base_url}123:ABC/sendMessage"
        async with http.post(url, data={"chat_id": str(alice.id), "text": "form"}) as r:
            assert r.status == 200 and (await r.json())["result"]["text"] == "form"
        async with http.post(url, json={"chat_id": alice.id, "text": "json"}) as r:
            assert (await r.json())["result"]["text"] == "json"
        async with http.get(url, params={"chat_id": str(alice.id), "text": "query"}) as r:
            assert (await r.json())["result"]["text"] == "query"
        multipart = aiohttp.FormData()
        multipart.add_field("chat_id", str(alice.id))
        multipart.add_field("document", b"hello", filename="a.txt")
        async with http.post(f"{fake.base_url}123:ABC/sendDocument", data=multipart) as r:
            body = await r.json()
            assert r.status == 400 and "not supported by the fake" in body["description"]
        logged = fake.requests("sendDocument")[0].params["document"]
        assert logged == "<file a.txt 5 bytes>"
        async with http.post(f"{fake.base_url}123:ABC/noSuchMethod") as r:
            assert r.status == 404 and await r.json() == {
                "ok": False,
                "error_code": 404,
                "description": "Not Found",
            }
        async with http.get(f"http://127.0.0.1:{fake.server.port}/elsewhere") as r:
            assert r.status == 404
        async with http.post(
            url, data=b"{oops", headers={"Content-Type": "application/json"}
        ) as r:
            assert r.status == 400
        assert [m.text for m in alice.messages()] == ["form", "json", "query"]


async def test_stop_answers_pending_long_polls() -> None:
    fake = FakeTelegram()
    await fake.start()
    async with aiohttp.ClientSession() as http:
        poll = asyncio.create_task(
            http.post(f"{fake.base_url}123:ABC/getUpdates", data={"timeout": "30"})
        )
        await fake.wait_polling(timeout=2)
        # The poll would wait 30 s; stop() answers it (an empty result, not a dropped
        # connection). The 10 s bounds only keep a regression from hanging the suite.
        await asyncio.wait_for(fake.stop(), 10)
        response = await asyncio.wait_for(poll, 10)
        assert (await response.json())["result"] == []


async def test_dropped_long_poll_is_not_an_error() -> None:
    async with FakeTelegram() as fake:
        async with aiohttp.ClientSession() as http:
            poll = asyncio.create_task(
                http.post(f"{fake.base_url}123:ABC/getUpdates", data={"timeout": "30"})
            )
            await fake.wait_polling(timeout=2)
            poll.cancel()
        await fake.wait_until(lambda: fake.requests("getUpdates") != [], timeout=2)
        assert fake.errors() == []
        assert fake.requests("getUpdates")[0].cancelled


async def test_cli_prints_base_url_and_serves() -> None:
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "bot.fake_telegram",
        "--port",
        "0",
        "--user",
        "Alice",
        cwd=ROOT,
        stdout=asyncio.subprocess.PIPE,
    )
    try:
        assert process.stdout is not None
        line = (await asyncio.wait_for(process.stdout.readline(), 10)).decode()
        base_url = line.split("base_url=")[1].split()[0]
        async with (
            aiohttp.ClientSession() as http,
            http.get(f"{base_url}123:ABC/getMe") as response,
        ):
            assert json.loads(await response.text())["result"]["is_bot"] is True
    finally:
        process.terminate()
        await process.wait()
