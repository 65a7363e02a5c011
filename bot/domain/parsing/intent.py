"""Is the message an offer (出售 / selling), a need (求购 / WTB) or neither?

Markers are looked up in the folded text (so 供應 and 供应 are one). Strong markers decide
on their own, the earliest one winning ("求购现货保温杯" is a need); weak ones ("需要",
"need", "有货", "包邮") decide only when no strong marker is present, and only if the
message also names something to trade (the caller checks that). Every marker is consumed
so it never becomes part of the product name.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from bot.domain.models import Intent
from bot.domain.parsing._regex import words_regex
from bot.domain.parsing._work import SEP, SOFT, Work

_B = r"(?<![a-z])"  # English markers start at a word boundary
_E = r"(?![a-z])"


# "Looking for distributors" is an offer, not a need.
def _english(*phrases: str) -> str:
    """Whole-word English phrases (the text has single spaces: `clean` collapsed them)."""
    return rf"{_B}{words_regex(phrases)}{_E}"


_PARTNERS = (
    "buyer buyers customer customers client clients distributor distributors agent agents "
    "importer importers wholesaler wholesalers partner partners reseller resellers dealer dealers"
)
# "Looking for distributors" is an offer, not a need.
_SEEKING_PARTNERS = re.compile(
    rf"{_B}(?:looking for|seeking|need|want|searching for) (?:new )?{words_regex(_PARTNERS)}{_E}"
    r"|(?:招|寻找?|找)\s*(?:代理|客户|经销商|分销商|买家|批发商)"
)
_STRONG_OFFER = re.compile(
    words_regex(
        "出售 供应 供货 批发 现货 厂家直销 工厂直销 源头工厂 大量出 低价出 清仓 甩卖 转让 库存处理 尾货处理 "
        "专业生产 长期供 一手货源 出口转内销 外贸尾单 尾单 出清 甩货 生产销售 主营 大量供应 直销"
    )
    + "|"
    + _english(
        "for sale",
        "selling",
        "sell",
        "supplying",
        "supply",
        "supplier of",
        "offering",
        "offer",
        "wholesale",
        "wholesaling",
        "f/s",
        "fs",
        "we produce",
        "we manufacture",
        "we make",
        "factory direct",
        "stock lot",
        "clearance",
        "ready stock",
    )
)
_STRONG_NEED = re.compile(
    words_regex(
        "求购 求货 急求 征求 采购 收购 急需 寻找 想买 要买 诚招供应商 找厂家 找供应商 找货 有没有卖 有没有人卖 "
        "谁有 哪里有 哪有 有人卖 谁能做 谁能供 谁能提供 谁可以做 哪家能做 哪里能做 谁家有"
    )
    + r"|(?:^|(?<=[\s\ue000]))征(?![收税兵用地])|(?<![要追需])求(?!职)|寻(?!找)"
    r"|有卖.{0,12}的吗|有没有(?=.{0,20}(?:厂家|工厂|供应商|货源|卖家))|"
    + _english(
        "wtb",
        "want to buy",
        "wanted",
        "looking for",
        "look for",
        "seeking",
        "searching for",
        "rfq",
        "request for quote",
        "request for quotation",
        "in need of",
        "sourcing",
        "purchasing",
        "anyone selling",
        "anyone sell",
        "anyone have",
        "anyone has",
        "anyone got",
        "who sells",
        "who has",
        "where can i buy",
        "where can i get",
        "where can i find",
        "where to buy",
        "where to get",
        "where to find",
    )
)
_OFFER_HINT = re.compile(
    r"有需要的?(?:请|可以|欢迎)?(?:联系|私聊|私信|找我|滴滴)?|如有需要|需要的?(?:请|可以)?(?:联系|私聊|私信|找我|滴滴)"
    r"|欢迎(?:咨询|订购|来电|选购|询价|采购|下单)|(?:生产|制造)(?!日期|时间|批号|许可)|"
    + words_regex(
        "找我 发货 包邮 一件代发 可定制 支持定制 量大从优 量大价优 有货 到货 在售 热卖 上新 新款 交期 "
        "大量库存 库存充足 规格齐全 厂家"
    )
    + "|"
    + _english(
        "contact me",
        "contact us",
        "if you need",
        "if need",
        "if interested",
        "if you interested",
        "if you are interested",
        "available",
        "in stock",
        "ready to ship",
        "free shipping",
        "lead time",
        "dm me",
        "pm me",
        "inbox me",
    )
)
_WEAK_NEED = re.compile(
    r"(?:^|(?<=[\s\ue000,，。!！]))(?:收|要)(?![到货款钱益藏入纳拾费据银集音听看])|需要|需求|想要|找|"
    + _english(
        "need", "needs", "want", "wants", "buy", "buying", "purchase", "require", "required"
    )
)
# "出 保温杯" at the start of a line: 出 alone means "selling".
_LONE_OUT = re.compile(r"(?:^|(?<=[\n\ue000]))\s*出(?![口差现来去门发])")
_QUESTION = re.compile(r"[?？]|吗|嗎|么\s*$|呢\s*$")


@dataclass(frozen=True, slots=True)
class IntentFound:
    intent: Intent
    strong: bool
    question: bool


def _earliest(found: list[tuple[int, Intent]]) -> Intent | None:
    return min(found, key=lambda f: f[0])[1] if found else None


def _collect(work: Work, pattern: re.Pattern[str], intent: Intent) -> list[tuple[int, Intent]]:
    hits = []
    for m in work.finditer(pattern):
        if m.end() > m.start():
            hits.append((m.start(), intent))
            work.consume(m.start(), m.end())
    return hits


def extract_intent(work: Work) -> IntentFound:
    """Decide the intent and consume every marker seen."""
    question = bool(_QUESTION.search(work.key))
    strong = _collect(work, _SEEKING_PARTNERS, Intent.OFFER)
    strong += _collect(work, _STRONG_NEED, Intent.NEED)
    strong += _collect(work, _STRONG_OFFER, Intent.OFFER)
    strong += _collect(work, _LONE_OUT, Intent.OFFER)
    hints = _collect(work, _OFFER_HINT, Intent.OFFER)
    weak = _collect(work, _WEAK_NEED, Intent.NEED)
    if weak and not work.key[: weak[0][0]].strip(" " + SEP + SOFT):
        strong.append(weak[0])  # "Need 500 cartons ...", "需要 木地板 ...": leads the message
    if strong:
        return IntentFound(_earliest(strong) or Intent.NONE, True, question)
    if hints:
        return IntentFound(Intent.OFFER, False, question)
    return IntentFound(_earliest(weak) or Intent.NONE, False, question)
