"""Pages of posts: /my (one line per post) and /search (a card per post)."""

from __future__ import annotations

from collections.abc import Sequence

from bot.domain.models import Lang, Post
from bot.texts import Html, t
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
    lang: Lang, query: str, posts: Sequence[Post], page: int, pages: int, first: int
) -> Html:
    if len(query) > MAX_QUERY:
        query = query[: MAX_QUERY - 1] + "…"
    if not posts:
        return t(lang, "search.empty", query=query)
    blocks = [t(lang, "search.header", query=query, page=page + 1, pages=pages)]
    blocks += [
        Html(f"<b>{number}.</b> {post_card(post, lang)}")
        for number, post in enumerate(posts, start=first)
    ]
    return Html("\n\n".join(blocks))
