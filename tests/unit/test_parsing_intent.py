"""Offer, need, or neither."""

from __future__ import annotations

import pytest

from bot.domain.models import Intent
from bot.domain.parsing import parse_post, warm_up


@pytest.fixture(scope="module", autouse=True)
def _warm() -> None:
    warm_up()


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        ("出售 保温杯 5000个", Intent.OFFER),
        ("供应 螺丝 M6 10万支", Intent.OFFER),
        ("供應 LED燈泡 1000個", Intent.OFFER),
        ("供货 纸箱 每个1元", Intent.OFFER),
        ("批发 袜子 每打30元", Intent.OFFER),
        ("現貨 口罩 50萬片", Intent.OFFER),
        ("现货 数据线 2万条", Intent.OFFER),
        ("有货 不锈钢水壶 3000个 每个9元", Intent.OFFER),
        ("厂家直销 吸顶灯 38元/套", Intent.OFFER),
        ("厂家 直销 PE管 规格齐全", Intent.OFFER),
        ("制造3pe防腐弯头", Intent.OFFER),
        ("大米 生产日期2024年10月 50吨", Intent.NONE),
        ("出 二手办公椅 50把", Intent.OFFER),
        ("Selling LED bulbs 10k pcs", Intent.OFFER),
        ("sell nitrile gloves 1000 boxes", Intent.OFFER),
        ("We supply cotton t-shirts, MOQ 300 pcs", Intent.OFFER),
        ("Offer: rice 100 tons", Intent.OFFER),
        ("Available: paper cups 50,000 pcs", Intent.OFFER),
        ("in stock: power banks 2000 pcs", Intent.OFFER),
        ("Wholesale socks $6 per dozen", Intent.OFFER),
        ("FS: 300 office chairs $45 each", Intent.OFFER),
        ("Looking for distributors for our solar lamps", Intent.OFFER),
        ("304不锈钢保温杯 500ml 12元/个 义乌发货", Intent.OFFER),
        ("求购保温杯5000只", Intent.NEED),
        ("求購 紙箱 3000個", Intent.NEED),
        ("采购 螺栓 2万支", Intent.NEED),
        ("收购 废纸箱 每吨1800元", Intent.NEED),
        ("需要 木地板 800平米", Intent.NEED),
        ("找 纸杯 10万个", Intent.NEED),
        ("想要 保温杯 2000个", Intent.NEED),
        ("有没有做手机壳的厂家？要5000个", Intent.NEED),
        ("WTB 20k pcs M6 screws", Intent.NEED),
        ("want to buy 5000 pairs of gloves", Intent.NEED),
        ("Looking for vacuum flasks, 5k pcs", Intent.NEED),
        ("need 500 cartons of copy paper", Intent.NEED),
        ("buying scrap copper 20 tons", Intent.NEED),
        ("RFQ: PVC pipes 2 containers", Intent.NEED),
        ("anyone selling bubble wrap? need 200 rolls", Intent.NEED),
        ("求购现货保温杯 3000个", Intent.NEED),
        ("出售保温杯，有需要的联系", Intent.OFFER),
        ("你好", Intent.NONE),
        ("how does this work?", Intent.NONE),
        ("多少钱?", Intent.NONE),
        ("谢谢大家", Intent.NONE),
        ("need help with my account", Intent.NONE),
        ("求购", Intent.NONE),
        ("有货吗？", Intent.NONE),
        ("good morning everyone", Intent.NONE),
        ("/start", Intent.NONE),
    ],
)
def test_intent(text: str, intent: Intent) -> None:
    assert parse_post(text).intent is intent
