"""Errors a user can understand: each carries a text key, turned into a reply at the edge."""

from __future__ import annotations


class UserFacingError(Exception):
    """A problem the user caused or can fix; `key` names a text in bot.texts."""

    def __init__(self, key: str, **values: object) -> None:
        super().__init__(key)
        self.key = key
        self.values = values


class ButtonExpired(UserFacingError):
    def __init__(self) -> None:
        super().__init__("button.expired")


class ButtonNotYours(UserFacingError):
    def __init__(self) -> None:
        super().__init__("button.not_yours")


class KindUnclear(UserFacingError):
    """The message names goods but not whether they are offered or needed: ask, one tap."""

    def __init__(self, product: str) -> None:
        super().__init__("post.ask_kind", product=product)
        self.product = product
