"""Pages of posts: /my (one line per post) and /search (a card per post)."""

from __future__ import annotations

from collections.abc import Collection, Sequence

from bot.domain.models import Lang, Post
from bot.texts import Html, escape, t
from bot.texts.cards import post_card, post_line

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
) -> Html:
    """`warned`: the ids of the offers too good to be true, each shown with the warning; a
    post with a photo has a link that opens it, photo and all, in the chat with the bot
    (`bot_username`)."""
    if len(query) > MAX_QUERY:
        query = query[: MAX_QUERY - 1] + "…"
    if not posts:
        return t(lang, "search.empty", query=query)
    blocks = [t(lang, "search.header", query=query, page=page + 1, pages=pages)]
    blocks += [
        Html(
            f"<b>{number}.</b> {shown_card(post, lang, too_good=post.id in warned)}"
            + _photo_link(post, lang, bot_username)
        )
        for number, post in enumerate(posts, start=first)
    ]
    return Html("\n\n".join(blocks))


def _photo_link(post: Post, lang: Lang, bot_username: str) -> str:
    if not (post.photo and bot_username and post.id is not None):
        return ""
    link = escape(f"https://t.me/{bot_username}?start=p{post.id}")
    return f'\n📷 <a href="{link}">{t(lang, "search.photo")}</a>'


def shown_card(post: Post, lang: Lang, *, too_good: bool = False) -> Html:
    """A post's card shown to someone who may ask its owner for contact (a /search result,
    a post opened from a digest's link); an offer too good to be true with the warning."""
    card = post_card(post, lang)
    return Html(f"{card}\n{t(lang, 'alert.too_good')}") if too_good else card
