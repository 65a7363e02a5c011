"""`tradecircle run --webhook --workers N` as a subprocess against the fake Telegram: every
worker listens on the webhook's port and takes updates from the inbox as from one queue, and
people served by different workers still get each other's match alerts (issue 14). Three
workers, one killed in a burst: nothing lost, nothing done twice, each person's updates
handled in order (issue 32)."""

from __future__ import annotations

import asyncio
import signal
from pathlib import Path

import aiohttp
import pytest

from bot.fake_telegram import FakeTelegram
from tests.e2e.helpers import (
    TOKEN,
    alerts,
    bot_command,
    free_ports,
    post_and_publish,
    rejected,
    subprocess_env,
    webhook_env,
)

SECRET = "w0rkers-secret"
OFFER = "出售 304不锈钢保温杯 500ml 起订1000个 12元/个 义乌发货"
NEED = "求购 不锈钢保温杯 3000个 单价15元以内 送到上海"


async def test_people_on_different_workers_get_each_others_alerts(
    fake: FakeTelegram, tmp_path: Path, postgres_url: str
) -> None:
    port = free_ports(1)
    env = webhook_env(fake, tmp_path, postgres_url, port, SECRET)
    seller = fake.user("Trader 0", language_code="zh-hans")
    buyer = fake.user("Trader 1", language_code="zh-hans")
    log_path = tmp_path / "bot.log"
    with log_path.open("wb") as log_file:  # a file, not a pipe nobody reads
        process = await bot_command(
            tmp_path,
            env,
            *("run", "--webhook", "--workers", "2"),
            stdout=asyncio.subprocess.DEVNULL,
            stderr=log_file,
        )
    try:
        assert await fake.wait_until(lambda: bool(fake.requests("setWebhook")), 90)
        url = f"http://127.0.0.1:{port}/hooks/tc"
        async with fake.delivering(url, SECRET, connections=4) as delivery:
            await post_and_publish(fake, seller, OFFER)
            await post_and_publish(fake, buyer, NEED)
            (to_seller,) = await alerts(fake, seller, timeout=15)
            (to_buyer,) = await alerts(fake, buyer, timeout=15)
        assert "保温杯" in (to_seller.text or "") and "保温杯" in (to_buyer.text or "")
        assert set(delivery.statuses) == {200}
        async with (  # every worker checks the secret
            aiohttp.ClientSession() as http,
            http.post(url, json={"update_id": 1}) as refused,
        ):
            assert refused.status == 403
        assert rejected(fake) == []
    finally:
        process.send_signal(signal.SIGTERM)
        await asyncio.wait_for(process.wait(), timeout=60)
    log = log_path.read_text(encoding="utf-8", errors="replace")
    assert process.returncode == 0, log[-3000:]
    assert log.count("TradeCircle is up") == 2, log[-3000:]
    assert SECRET not in log


async def test_several_workers_refuse_sqlite(tmp_path: Path) -> None:
    env = subprocess_env(
        tmp_path,
        TELEGRAM_BOT_TOKEN=TOKEN,
        WEBHOOK_URL="https://bot.example.invalid/hooks/tc",
        WEBHOOK_SECRET_TOKEN=SECRET,
    )
    process = await bot_command(tmp_path, env, "run", "--webhook", "--workers", "2")
    _, err = await asyncio.wait_for(process.communicate(), timeout=60)
    assert process.returncode == 2
    assert "PostgreSQL" in err.decode()


pytestmark = [pytest.mark.filterwarnings("ignore::ResourceWarning"), pytest.mark.slow]
