"""Posting: drafts, publishing, edits, closing, /my and /search."""

from __future__ import annotations

from functools import partial

from bot.services.matching import comparable, market, search
from bot.services.posting import posts, price_lists, publishing, visibility

from .dependencies import Dependencies


class Posting:
    def __init__(self, deps: Dependencies) -> None:
        u, c, index = deps.uow_factory, deps.clock, deps.index
        schedule = deps.settings.schedule()
        self.draft = partial(posts.draft, u, c, deps.settings.post_ttl)
        self.draft_list = partial(price_lists.draft_list, u, c, deps.settings.post_ttl)
        self.discard = partial(posts.discard, u, c)
        self.list_mine = partial(posts.list_mine, u)
        self.open_post = partial(search.open_post, u, c, index)
        self.post_to_edit = partial(posts.post_to_edit, u)
        self.publish = partial(publishing.publish, u, c, schedule, deps.after)
        self.renew = partial(publishing.renew, u, c, schedule, deps.after)
        self.close = partial(publishing.close, u, c, deps.after)
        self.edit_field = partial(publishing.edit_field, u, c, deps.after)
        self.search = partial(search.search, u, c, index)
        self.own_price_position = partial(comparable.own_price_position, u, c, index)
        self.market_of = partial(market.market_of, u, c, index)
        self.circle_to_ask = partial(visibility.circle_to_ask, u)
        self.member_confirmed = partial(visibility.member_confirmed, u, c)
