"""Pages of posts: /my (one line per post) and /search (a card per post)."""

from __future__ import annotations

from collections.abc import Collection, Sequence

from bot.domain.home import Conversion
from bot.domain.models import Lang, Post, PostKind
from bot.texts import Html, escape, t
from bot.texts.cards import MAX_FIELD, post_card, post_line, post_title, price
from bot.texts.user_settings import currency_notice

MAX_QUERY = 100  # characters of the search words shown; the search reads no more of them


def my_posts_page(lang: Lang, posts: Sequence[Post], page: int, pages: int, first: int) -> Html:
    """`page` is 0-based; `first` is the number shown for the first post."""
    if not posts:
        return t(lang, "my.empty")
    lines = [t(lang, "my.header", page=page + 1, pages=pages)]
    lines += [post_line(post, lang, first + i) for i, post in enumerate(posts)]
    return Html("\n\n".join(lines))


def search_page(
    lang: Lang,
    query: str,
    posts: Sequence[Post],
    page: int,
    pages: int,
    first: int,
    warned: Collection[int] = frozenset(),
    bot_username: str = "",
    *,
    conversion: Conversion,
) -> Html:
    """`warned`: the ids of the offers too good to be true, each shown with the warning; a
    post with a photo has a link that opens it, photo and all, in the chat with the bot
    (`bot_username`); `conversion`: prices in the reader's currency too."""
    if len(query) > MAX_QUERY:
        query = query[: MAX_QUERY - 1] + "…"
    if not posts:
        return t(lang, "search.empty", query=query)
    blocks = [t(lang, "search.header", query=query, page=page + 1, pages=pages)]
    blocks += [
        Html(
            f"<b>{number}.</b> "
            f"{shown_card(post, lang, too_good=post.id in warned, conversion=conversion)}"
            + _photo_link(post, lang, bot_username)
        )
        for number, post in enumerate(posts, start=first)
    ]
    return Html("\n\n".join(blocks) + currency_notice(conversion, lang))


def _photo_link(post: Post, lang: Lang, bot_username: str) -> str:
    if not (post.photo and bot_username and post.id is not None):
        return ""
    link = escape(f"https://t.me/{bot_username}?start=p{post.id}")
    return f'\n📷 <a href="{link}">{t(lang, "search.photo")}</a>'


def shown_card(post: Post, lang: Lang, *, conversion: Conversion, too_good: bool = False) -> Html:
    """A post's card shown to someone who may ask its owner for contact (a /search result,
    a post opened from a digest's link), its price in their currency too; an offer too good
    to be true with the warning."""
    card = post_card(post, lang, conversion=conversion)
    return Html(f"{card}\n{t(lang, 'alert.too_good')}") if too_good else card


def price_list_drafts(
    lang: Lang, posts: Sequence[Post], more: int, note: Html | None = None
) -> Html:
    """A price list made into drafts: a line for each product (its specs and price, the rest
    on its card), what was left for another message, and `note` (what a button did) or the
    hint to publish."""
    kind = PostKind.NEED if posts and posts[0].kind is PostKind.NEED else PostKind.OFFER
    lines: list[str] = [t(lang, f"list.read_{kind.value}", count=len(posts))]
    for number, post in enumerate(posts, start=1):
        dot = "🟢" if post.kind is PostKind.OFFER else "🔵"
        parts = [f"{number}. {dot} <b>{escape(_clip(post_title(post, lang)))}</b>"]
        if post.parsed.specs:
            parts.append(escape(_clip(" ".join(post.parsed.specs))))
        if post.parsed.price:
            parts.append(escape(price(post.parsed.price, lang)))
        lines.append(" · ".join(parts))
    if more:
        lines.append(t(lang, "list.more", more=more))
    if posts and posts[0].photo:  # the writer sent it: who sees it, not the picture again
        lines.append(t(lang, "card.photo_kept"))
    lines.append(note or t(lang, "list.hint", count=len(posts)))
    head, items, tail = lines[0], lines[1 : len(posts) + 1], lines[len(posts) + 1 :]
    return Html("\n\n".join([head, "\n".join(items), *tail]))


def _clip(text: str) -> str:
    return text if len(text) <= MAX_FIELD else text[: MAX_FIELD - 1] + "…"
