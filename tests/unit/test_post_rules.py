"""The post rules: which actions a post allows in each status, and for whom."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from bot.domain.models import Action, Intent, Lang, ParsedPost, Post, PostKind, PostStatus

OWNER, OTHER = 1, 2
A = Action
NOW = datetime(2026, 12, 1, tzinfo=UTC)
POST_ACTIONS = [a for a in Action if a.value.startswith("post.")]
OWNER_TABLE = {
    PostStatus.DRAFT: {A.PUBLISH_POST, A.EDIT_POST, A.EDIT_POST_FIELD, A.DISCARD_POST},
    PostStatus.OPEN: {
        A.CLOSE_WITH_DEAL,
        A.WITHDRAW_POST,
        A.RENEW_POST,
        A.EDIT_POST,
        A.EDIT_POST_FIELD,
        A.SHOW_MARKET,
    },
    PostStatus.EXPIRED: {A.CLOSE_WITH_DEAL, A.WITHDRAW_POST, A.RENEW_POST},
    PostStatus.DEAL: set(),
    PostStatus.WITHDRAWN: set(),
}


def make(status: PostStatus) -> Post:
    parsed = ParsedPost(Intent.OFFER, Lang.EN, product="vacuum flask")
    return Post(1, OWNER, PostKind.OFFER, "x", parsed, status, Lang.EN, NOW, NOW)


@pytest.mark.parametrize("status", list(PostStatus))
@pytest.mark.parametrize("action", POST_ACTIONS)
def test_owner_table(status: PostStatus, action: Action) -> None:
    expected = action in OWNER_TABLE[status]
    assert make(status).allows(action, OWNER) is expected


@pytest.mark.parametrize("status", list(PostStatus))
@pytest.mark.parametrize("action", POST_ACTIONS)
def test_anyone_else_may_only_ask_an_open_post_for_contact(
    status: PostStatus, action: Action
) -> None:
    expected = action is A.CONTACT_POST_OWNER and status is PostStatus.OPEN
    assert make(status).allows(action, OTHER) is expected


def test_owners_cannot_ask_their_own_post_for_contact() -> None:
    assert not make(PostStatus.OPEN).allows(A.CONTACT_POST_OWNER, OWNER)
