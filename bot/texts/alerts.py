"""Match alerts: the counterpart's post as a card, a trust line and the reasons."""

from __future__ import annotations

from collections.abc import Sequence

from bot.domain.advice import PricePosition
from bot.domain.home import Conversion
from bot.domain.models import Lang, Post, PostKind
from bot.domain.trust.scores import IdentityLevel
from bot.domain.trust.summary import TrustSummary
from bot.texts import Html, plain, t
from bot.texts.advice import price_line
from bot.texts.cards import post_card
from bot.texts.reasons import render_reasons
from bot.texts.user_settings import currency_notice


def trust_line(summary: TrustSummary | None, lang: Lang) -> Html:
    """One line of facts from the member's record: identity level, confirmed deals with
    independent partners, tenure; a member without deals is "new", with their identity
    level, and deals that are not counted are said to be so."""
    if summary is None:
        return t(lang, "alert.trust_new")
    verified = summary.level >= IdentityLevel.PHONE
    if summary.confirmed_deals == 0 and not (summary.complaints or summary.other_partners):
        return t(lang, "trust.new_verified" if verified else "alert.trust_new")
    parts = [t(lang, f"trust.level.{int(summary.level)}")]
    if summary.confirmed_deals:
        deals, partners = summary.confirmed_deals, summary.partners
        parts.append(t(lang, "trust.deals", deals=deals, partners=partners))
    elif summary.other_partners:
        parts.append(t(lang, "trust.deals_uncounted"))
    if summary.repeat_partners:
        parts.append(t(lang, "trust.repeat", count=summary.repeat_partners))
    if summary.rating is not None:
        parts.append(
            t(lang, "trust.rating", rating=f"{summary.rating:.1f}", count=summary.ratings)
        )
    elif summary.ratings or summary.ratings_received:
        received = ratings_received(summary, lang)
        parts.append(t(lang, "trust.few_ratings", count=summary.ratings, received=received))
    if summary.reply_hours is not None:
        parts.append(t(lang, "trust.replies", hours=_hours(summary.reply_hours)))
    if summary.asked:
        done, asked = summary.followed_up, summary.asked
        parts.append(t(lang, "trust.follow_through", done=done, asked=asked))
    if summary.member_since is not None:
        parts.append(t(lang, "trust.since", month=summary.member_since.strftime("%Y-%m")))
    if summary.complaints:
        parts.append(t(lang, "trust.complaints", count=summary.complaints))
    else:
        parts.append(t(lang, "trust.no_complaints"))
    return Html("🛡 " + " · ".join(parts))


def match_alert(
    lang: Lang,
    their_post: Post,
    them: TrustSummary | None,
    reasons: Sequence[dict[str, object]],
    *,
    conversion: Conversion,
    too_good: bool = False,
    ahead_by_record: bool = False,
    position: PricePosition | None = None,
) -> Html:
    """What one side of a new match reads: a buyer hears of an offer, a seller of a need.
    No identity details are shown before both sides agree. `ahead_by_record`: the
    seller's record put the offer ahead of one that fits as well, and the alert says so;
    `conversion`: prices in the reader's currency too; `position`: where the offer's price
    stands among comparable offers."""
    first = []
    if ahead_by_record and them is not None and them.confirmed_deals:
        deals, partners = them.confirmed_deals, them.partners
        first.append(t(lang, "alert.first_by_record", deals=deals, partners=partners))
    title = "alert.offer_for_you" if their_post.kind is PostKind.OFFER else "alert.need_for_you"
    lines = [
        t(lang, title),
        post_card(their_post, lang, conversion=conversion),
        trust_line(them, lang),
        t(lang, "alert.why", reasons=render_reasons(reasons, lang, conversion)),
        *([price_line(lang, their_post, position, conversion, own=False)] if position else []),
        *first,
        *([t(lang, "alert.too_good")] if too_good else []),
    ]
    return Html("\n".join(lines) + currency_notice(conversion, lang))


def trust_card(summary: TrustSummary, lang: Lang, *, own: bool) -> Html:
    """The full record behind a trust line, each fact with what it rests on. No name: the
    card is shown before contacts are exchanged."""
    lines = [t(lang, "trust.card_own_title" if own else "trust.card_title")]
    lines.append(t(lang, "trust.card.level", level=t(lang, f"trust.level.{int(summary.level)}")))
    if summary.level_since is not None:
        since = summary.level_since.date().isoformat()
        lines[-1] = Html(f"{lines[-1]}\n{t(lang, 'trust.card.level_since', date=since)}")
    if own and summary.level is IdentityLevel.UNKNOWN:
        lines[-1] = Html(f"{lines[-1]}\n{t(lang, 'trust.card.level_hint')}")
    lines[-1] = Html(f"{lines[-1]}{_identity_notes(summary, lang)}")
    lines.append(
        t(
            lang,
            "trust.card.deals",
            deals=summary.confirmed_deals,
            partners=summary.partners,
            repeat=summary.repeat_partners,
        )
    )
    if summary.other_partners:
        lines[-1] = Html(f"{lines[-1]}{t(lang, 'trust.card.others')}")
    count, received = summary.ratings, ratings_received(summary, lang)
    if summary.rating is not None:
        rating = f"{summary.rating:.1f}"
        lines.append(t(lang, "trust.card.rating", rating=rating, count=count, received=received))
    else:
        lines.append(t(lang, "trust.card.few", count=count, received=received))
    if summary.latest_comment:
        comment = t(lang, "trust.card.comment", text=summary.latest_comment)
        lines[-1] = Html(f"{lines[-1]}{comment}")
    if summary.reply_hours is not None and summary.replied_in_a_day is not None:
        share = f"{summary.replied_in_a_day:.0%}"
        hours = _hours(summary.reply_hours)
        lines.append(t(lang, "trust.card.replies", hours=hours, share=share))
    if summary.asked or summary.fake_inquiries:
        done, asked, fake = summary.followed_up, summary.asked, summary.fake_inquiries
        lines.append(t(lang, "trust.card.follow_through", done=done, asked=asked, fake=fake))
    lines.append(_complaints(summary, lang))
    if summary.circle_deals is not None:
        deals, vouches = summary.circle_deals, summary.circle_vouches
        lines.append(t(lang, "trust.card.circle", deals=deals, vouches=vouches))
    if summary.member_since is not None:
        since = summary.member_since.date().isoformat()
        lines.append(t(lang, "trust.card.since", date=since))
    if summary.last_active is not None:
        active = summary.last_active.date().isoformat()
        lines[-1] = Html(f"{lines[-1]}\n{t(lang, 'trust.card.last_active', date=active)}")
    lines.append(t(lang, "trust.card.footer"))
    return Html("\n\n".join(lines))


def ratings_received(summary: TrustSummary, lang: Lang) -> str:
    """Words beside the ratings that count (the one count of ratings a record states): how
    many were received, when some of them do not count. Plain words: escaped where used."""
    if summary.ratings_received <= summary.ratings:
        return ""
    return plain(lang, "trust.ratings_received", total=summary.ratings_received)


MAX_CIRCLES_NAMED = 3  # the vouching circles a card names; more are counted


def _identity_notes(summary: TrustSummary, lang: Lang) -> str:
    """A dispute over the registration number, who settled it, the vouching circles."""
    notes = []
    if summary.disputed:
        notes.append(t(lang, "trust.card.disputed"))
    if summary.confirmed_by:
        notes.append(t(lang, "trust.card.confirmed_by", circle=summary.confirmed_by))
    if summary.vouched_in:
        named = ", ".join(summary.vouched_in[:MAX_CIRCLES_NAMED])
        more = len(summary.vouched_in) - MAX_CIRCLES_NAMED
        circles = f"{named} (+{more})" if more > 0 else named
        notes.append(t(lang, "trust.card.vouched_in", circles=circles))
    return "".join(f"\n{note}" for note in notes)


def _complaints(summary: TrustSummary, lang: Lang) -> Html:
    if not summary.complaints:
        return t(lang, "trust.card.no_complaints")
    latest = ""
    if summary.latest_complaint:
        reason = t(lang, f"complaint.reason.{summary.latest_complaint}")
        latest = str(t(lang, "trust.card.latest_complaint", reason=reason))
        if summary.latest_answer:
            latest += str(t(lang, "trust.card.latest_answer", text=summary.latest_answer))
    return t(
        lang,
        "trust.card.complaints",
        count=summary.complaints,
        answered=summary.answered,
        latest=Html(latest),
    )


def _hours(hours: float) -> str:
    """ "<1", "2", "36": whole hours, rounded, at least "<1"."""
    return "<1" if hours < 1 else str(round(hours))
