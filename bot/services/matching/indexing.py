"""The in-memory matching index: the engine plus what it takes to index a stored post, and
the posts' sentence vectors (`dense`, issue 34) for finding them by meaning.

The database is the system of record; `MatchingIndex` is rebuilt from it at start-up and
updated by the same use case that opens, changes or closes a post. Vectors are made apart,
off the event loop (`bot.services.matching.meaning`), and follow a post's lexical entry: a
post that leaves the engine, or is changed, leaves the dense index until encoded again.
"""

from __future__ import annotations

import secrets
from array import array
from collections.abc import Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field

import numpy as np

from bot.domain import money
from bot.domain.matching.dense import DenseIndex, part, script
from bot.domain.matching.encoder import Encoder, UseEncoder
from bot.domain.matching.engine import MatchingEngine
from bot.domain.matching.fields import fields_from_parsed
from bot.domain.matching.terms import extract_terms, query_terms
from bot.domain.matching.types import MatchFields, PostTerms
from bot.domain.models import Post, PostStatus
from bot.domain.vocabulary.version import vocabulary_version
from bot.services.ports import UnitOfWork

NEUTRAL_TRUST = 0.5  # a member without outcomes (bot.domain.trust.scores.ranking_trust)


@dataclass(slots=True)
class MatchPolicy:
    max_alerts_per_need: int = 5
    max_alerts_per_day: int = 20
    rates: Mapping[str, float] = field(default_factory=lambda: dict(money.DEFAULT_RATES))


class MatchingIndex:
    """The engine plus what it takes to index a stored post."""

    def __init__(
        self,
        policy: MatchPolicy,
        engine: MatchingEngine | None = None,
        encoder: Encoder | None = None,
    ) -> None:
        self.policy = policy
        self.engine = engine or MatchingEngine()
        self.encoder = encoder or UseEncoder()  # loads its weights on first use
        self.dense = DenseIndex(self.encoder.dim)  # open posts' vectors, by post id
        self.unencoded: set[int] = set()  # indexed posts not yet in `dense`
        self.crowd: dict[str, np.ndarray] = {}  # part -> its crowd as unit rows (by_meaning)
        self.encoding_now = False  # `meaning.encode_new` runs one call at a time
        self.saved_changes = -1  # `dense.changes` when it was last saved (meaning_files)
        self._encoding: ThreadPoolExecutor | None = None
        self.circles: dict[int, int] = {}  # post id -> the trade circle it was written in
        self.revision = 0  # the last logged change applied (bot.services.matching.index_sync)
        self.origin = secrets.token_hex(8)  # this process, in the changes it logs
        self.vocabulary = vocabulary_version(policy.rates)  # what derives entries here
        self.stale = array("q")  # loaded posts another vocabulary derived (index_refresh)
        # sellers' standing as the alert order reads it (`pairs.standing`), for a while:
        # user id -> (read at, counted deals, a newcomer)
        self.standings: dict[int, tuple[float, int, bool]] = {}

    def add(
        self, post: Post, company_keywords: Sequence[str] = (), trust: float = NEUTRAL_TRUST
    ) -> tuple[PostTerms, MatchFields]:
        """Index an open post. The owner's post keywords (at most 3) count as product words;
        company keywords only add weight to posts that already match on product; `trust` is
        the owner's ranking trust when the post is indexed."""
        assert post.id is not None
        terms, fields = self.derive(post, company_keywords, trust)
        self.engine.add(post.id, post.user_id, post.kind, terms, fields)
        self.dense.remove([post.id])  # its words may have changed: encoded again
        self.unencoded.add(post.id)
        if post.circle_id is not None:
            self.circles[post.id] = post.circle_id
        return terms, fields

    def derive(
        self, post: Post, company_keywords: Sequence[str] = (), trust: float = NEUTRAL_TRUST
    ) -> tuple[PostTerms, MatchFields]:
        """A post's terms and fields as `add` indexes them."""
        terms = extract_terms(post.parsed, post.raw_text)
        if post.keywords:
            chosen = query_terms(" ".join(post.keywords))
            terms = PostTerms(
                _merge(terms.product, chosen.product),
                _merge(terms.specs, chosen.specs),
                _merge(terms.concepts, chosen.concepts),
                _merge(terms.categories, chosen.categories),
                _merge(terms.glosses, chosen.glosses),
            )
        if company_keywords:
            company = query_terms(" ".join(company_keywords))
            extra = company.product + company.specs
            terms = PostTerms(
                terms.product,
                _merge(terms.specs, extra),
                terms.concepts,
                terms.categories,
                terms.glosses,
            )
        fields = fields_from_parsed(
            post.parsed, post.created_at, post.expires_at, self.policy.rates, trust=trust
        )
        return terms, fields

    def meaning_part(self, post_id: int) -> str | None:
        """The dense index's part an indexed post's vector goes in (`dense.part`: its kind
        and the script its words are written in); None when it is not indexed."""
        kind, terms = self.engine.kind_of(post_id), self.engine.terms_of(post_id)
        return None if kind is None or terms is None else part(kind, script(terms))

    @property
    def encoding(self) -> ThreadPoolExecutor:
        """The one thread that encodes, so the event loop never waits for it."""
        if self._encoding is None:
            self._encoding = ThreadPoolExecutor(max_workers=1, thread_name_prefix="encoder")
        return self._encoding

    def move_circle(self, old_id: int, new_id: int) -> None:
        """A circle's group became a supergroup: its posts are in the new circle id."""
        for post_id, circle_id in self.circles.items():
            if circle_id == old_id:
                self.circles[post_id] = new_id

    def remove(self, post_id: int | None) -> None:
        if post_id is not None:
            self.engine.remove(post_id)
            self.dense.remove([post_id])
            self.unencoded.discard(post_id)
            self.circles.pop(post_id, None)

    def dismiss(self, user_id: int, post_id: int) -> bool:
        """The user marked this post "not relevant": lower their scores for posts sharing
        its indexed terms (`Dismissals.add`). False if the post is not indexed."""
        terms = self.engine.terms_of(post_id)
        if terms is None:
            return False
        self.engine.dismissals.add(user_id, terms)
        return True

    def sync(
        self, post: Post, company_keywords: Sequence[str] = (), trust: float = NEUTRAL_TRUST
    ) -> tuple[PostTerms, MatchFields] | None:
        """Index an open post (again, after an edit or renewal); drop any other."""
        if post.status is PostStatus.OPEN:
            return self.add(post, company_keywords, trust)
        self.remove(post.id)
        return None


def _merge(first: tuple[str, ...], second: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(first + second))


async def profile_keywords(uow: UnitOfWork, user_id: int) -> tuple[str, ...]:
    profile = await uow.profiles.get(user_id)
    return profile.keywords if profile else ()
