"""Initial schema: the whole TradeCircle domain.

Revision ID: 0001
Revises:
Create Date: 2026-12-02

Types are spelled out here rather than imported from storage.types so that this revision
stays what it was when later code changes: UTCDateTime is a TypeDecorator over
DateTime(timezone=True) (timestamptz on PostgreSQL, ISO text on SQLite), JSON documents are
JSONB on PostgreSQL and JSON text on SQLite, and surrogate ids are BIGINT on PostgreSQL but
INTEGER on SQLite (only INTEGER PRIMARY KEY is a rowid alias that auto-increments).
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision: str = '0001'
down_revision: str | Sequence[str] | None = None
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

TIMESTAMP = sa.DateTime(timezone=True)
JSON_DOC = sa.JSON().with_variant(postgresql.JSONB(astext_type=sa.Text()), "postgresql")
SURROGATE_ID = sa.BigInteger().with_variant(sa.Integer(), "sqlite")
AMOUNT = sa.Numeric(precision=20, scale=4, asdecimal=False)


def upgrade() -> None:
    op.create_table('action_tokens',
    sa.Column('token', sa.String(length=64), nullable=False),
    sa.Column('user_id', sa.BigInteger(), nullable=False),
    sa.Column('action', sa.String(length=32), nullable=False),
    sa.Column('payload', JSON_DOC, nullable=False),
    sa.Column('expires_at', TIMESTAMP, nullable=False),
    sa.Column('used_at', TIMESTAMP, nullable=True),
    sa.Column('created_at', TIMESTAMP, nullable=False),
    sa.PrimaryKeyConstraint('token', name=op.f('pk_action_tokens'))
    )
    op.create_index(op.f('ix_action_tokens_expires_at'), 'action_tokens', ['expires_at'], unique=False)
    op.create_index(op.f('ix_action_tokens_user_id'), 'action_tokens', ['user_id'], unique=False)
    op.create_table('circles',
    sa.Column('id', sa.BigInteger(), autoincrement=False, nullable=False),
    sa.Column('title', sa.String(length=256), nullable=False),
    sa.Column('created_at', TIMESTAMP, nullable=False),
    sa.Column('migrated_to', sa.BigInteger(), nullable=True),
    sa.Column('settings', JSON_DOC, nullable=False),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_circles'))
    )
    op.create_table('inbox',
    sa.Column('update_id', sa.BigInteger(), autoincrement=False, nullable=False),
    sa.Column('payload', JSON_DOC, nullable=False),
    sa.Column('received_at', TIMESTAMP, nullable=False),
    sa.Column('done_at', TIMESTAMP, nullable=True),
    sa.PrimaryKeyConstraint('update_id', name=op.f('pk_inbox'))
    )
    op.create_index('ix_inbox_pending_update_id', 'inbox', ['update_id'], unique=False, sqlite_where=sa.text('done_at IS NULL'), postgresql_where=sa.text('done_at IS NULL'))
    op.create_table('outbox',
    sa.Column('id', SURROGATE_ID, autoincrement=True, nullable=False),
    sa.Column('chat_id', sa.BigInteger(), nullable=False),
    sa.Column('text', sa.Text(), nullable=False),
    sa.Column('buttons', JSON_DOC, nullable=False),
    sa.Column('parse_mode', sa.String(length=16), nullable=True),
    sa.Column('kind', sa.String(length=32), nullable=False),
    sa.Column('created_at', TIMESTAMP, nullable=False),
    sa.Column('not_before', TIMESTAMP, nullable=True),
    sa.Column('attempts', sa.Integer(), server_default='0', nullable=False),
    sa.Column('sent_at', TIMESTAMP, nullable=True),
    sa.Column('telegram_message_id', sa.BigInteger(), nullable=True),
    sa.Column('failed_at', TIMESTAMP, nullable=True),
    sa.Column('last_error', sa.Text(), nullable=True),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_outbox'))
    )
    op.create_index(op.f('ix_outbox_chat_id'), 'outbox', ['chat_id'], unique=False)
    op.create_index('ix_outbox_due', 'outbox', ['not_before', 'id'], unique=False, sqlite_where=sa.text('sent_at IS NULL AND failed_at IS NULL'), postgresql_where=sa.text('sent_at IS NULL AND failed_at IS NULL'))
    op.create_table('persistence',
    sa.Column('namespace', sa.String(length=64), nullable=False),
    sa.Column('key', sa.String(length=255), nullable=False),
    sa.Column('value', JSON_DOC, nullable=False),
    sa.Column('updated_at', TIMESTAMP, nullable=False),
    sa.PrimaryKeyConstraint('namespace', 'key', name=op.f('pk_persistence'))
    )
    op.create_table('users',
    sa.Column('id', sa.BigInteger(), autoincrement=False, nullable=False),
    sa.Column('username', sa.String(length=64), nullable=True),
    sa.Column('display_name', sa.String(length=256), nullable=False),
    sa.Column('language', sa.String(length=8), nullable=False),
    sa.Column('language_chosen', sa.Boolean(), server_default=sa.text('false'), nullable=False),
    sa.Column('timezone', sa.String(length=64), nullable=False),
    sa.Column('phone', sa.String(length=32), nullable=True),
    sa.Column('blocked_bot', sa.Boolean(), server_default=sa.text('false'), nullable=False),
    sa.Column('created_at', TIMESTAMP, nullable=False),
    sa.Column('updated_at', TIMESTAMP, nullable=False),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_users'))
    )
    op.create_table('circle_memberships',
    sa.Column('circle_id', sa.BigInteger(), nullable=False),
    sa.Column('user_id', sa.BigInteger(), nullable=False),
    sa.Column('joined_at', TIMESTAMP, nullable=False),
    sa.Column('left_at', TIMESTAMP, nullable=True),
    sa.ForeignKeyConstraint(['circle_id'], ['circles.id'], name=op.f('fk_circle_memberships_circle_id_circles'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['user_id'], ['users.id'], name=op.f('fk_circle_memberships_user_id_users'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('circle_id', 'user_id', name=op.f('pk_circle_memberships'))
    )
    op.create_index(op.f('ix_circle_memberships_user_id'), 'circle_memberships', ['user_id'], unique=False)
    op.create_table('company_profiles',
    sa.Column('user_id', sa.BigInteger(), nullable=False),
    sa.Column('company_name', sa.String(length=200), nullable=False),
    sa.Column('region', sa.String(length=200), nullable=False),
    sa.Column('main_products', sa.Text(), nullable=False),
    sa.Column('keywords', JSON_DOC, nullable=False),
    sa.Column('updated_at', TIMESTAMP, nullable=False),
    sa.ForeignKeyConstraint(['user_id'], ['users.id'], name=op.f('fk_company_profiles_user_id_users'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('user_id', name=op.f('pk_company_profiles'))
    )
    op.create_table('posts',
    sa.Column('id', SURROGATE_ID, autoincrement=True, nullable=False),
    sa.Column('user_id', sa.BigInteger(), nullable=False),
    sa.Column('kind', sa.String(length=8), nullable=False),
    sa.Column('status', sa.String(length=16), nullable=False),
    sa.Column('raw_text', sa.Text(), nullable=False),
    sa.Column('language', sa.String(length=8), nullable=False),
    sa.Column('parsed', JSON_DOC, nullable=False),
    sa.Column('product', sa.String(length=200), nullable=True),
    sa.Column('quantity_amount', AMOUNT, nullable=True),
    sa.Column('quantity_unit', sa.String(length=16), nullable=True),
    sa.Column('moq_amount', AMOUNT, nullable=True),
    sa.Column('moq_unit', sa.String(length=16), nullable=True),
    sa.Column('price_low', AMOUNT, nullable=True),
    sa.Column('price_high', AMOUNT, nullable=True),
    sa.Column('price_currency', sa.String(length=3), nullable=True),
    sa.Column('price_per_unit', sa.String(length=16), nullable=True),
    sa.Column('price_negotiable', sa.Boolean(), server_default=sa.text('false'), nullable=False),
    sa.Column('trade_term', sa.String(length=8), nullable=True),
    sa.Column('place', sa.String(length=100), nullable=True),
    sa.Column('destination', sa.String(length=100), nullable=True),
    sa.Column('keywords', JSON_DOC, nullable=False),
    sa.Column('circle_id', sa.BigInteger(), nullable=True),
    sa.Column('created_at', TIMESTAMP, nullable=False),
    sa.Column('updated_at', TIMESTAMP, nullable=False),
    sa.Column('expires_at', TIMESTAMP, nullable=False),
    sa.Column('index_terms', sa.Text(), nullable=True),
    sa.Column('index_labels', sa.Text(), nullable=True),
    sa.Column('index_numbers', sa.LargeBinary(), nullable=True),
    sa.ForeignKeyConstraint(['circle_id'], ['circles.id'], name=op.f('fk_posts_circle_id_circles'), ondelete='SET NULL'),
    sa.ForeignKeyConstraint(['user_id'], ['users.id'], name=op.f('fk_posts_user_id_users'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_posts'))
    )
    op.create_index(op.f('ix_posts_circle_id'), 'posts', ['circle_id'], unique=False)
    op.create_index('ix_posts_status_kind_expires_at', 'posts', ['status', 'kind', 'expires_at'], unique=False)
    op.create_index('ix_posts_user_id_status_created_at', 'posts', ['user_id', 'status', 'created_at'], unique=False)
    op.create_table('trust_events',
    sa.Column('id', SURROGATE_ID, autoincrement=True, nullable=False),
    sa.Column('user_id', sa.BigInteger(), nullable=False),
    sa.Column('kind', sa.String(length=48), nullable=False),
    sa.Column('at', TIMESTAMP, nullable=False),
    sa.Column('post_id', sa.BigInteger(), nullable=True),
    sa.Column('counterpart_id', sa.BigInteger(), nullable=True),
    sa.Column('detail', JSON_DOC, nullable=False),
    sa.ForeignKeyConstraint(['user_id'], ['users.id'], name=op.f('fk_trust_events_user_id_users'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_trust_events'))
    )
    op.create_index('ix_trust_events_user_id_at', 'trust_events', ['user_id', 'at'], unique=False)
    op.create_table('matches',
    sa.Column('id', SURROGATE_ID, autoincrement=True, nullable=False),
    sa.Column('offer_id', sa.BigInteger(), nullable=False),
    sa.Column('need_id', sa.BigInteger(), nullable=False),
    sa.Column('score', sa.Float(), nullable=False),
    sa.Column('explanation', JSON_DOC, nullable=False),
    sa.Column('created_at', TIMESTAMP, nullable=False),
    sa.Column('offer_alerted', sa.Boolean(), server_default=sa.text('false'), nullable=False),
    sa.Column('need_alerted', sa.Boolean(), server_default=sa.text('false'), nullable=False),
    sa.Column('offer_dismissed', sa.Boolean(), server_default=sa.text('false'), nullable=False),
    sa.Column('need_dismissed', sa.Boolean(), server_default=sa.text('false'), nullable=False),
    sa.ForeignKeyConstraint(['need_id'], ['posts.id'], name=op.f('fk_matches_need_id_posts'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['offer_id'], ['posts.id'], name=op.f('fk_matches_offer_id_posts'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_matches')),
    sa.UniqueConstraint('offer_id', 'need_id', name=op.f('uq_matches_offer_id_need_id'))
    )
    op.create_index(op.f('ix_matches_need_id'), 'matches', ['need_id'], unique=False)
    op.create_table('contact_requests',
    sa.Column('id', SURROGATE_ID, autoincrement=True, nullable=False),
    sa.Column('match_id', sa.BigInteger(), nullable=True),
    sa.Column('post_id', sa.BigInteger(), nullable=True),
    sa.Column('from_user_id', sa.BigInteger(), nullable=False),
    sa.Column('to_user_id', sa.BigInteger(), nullable=False),
    sa.Column('status', sa.String(length=16), nullable=False),
    sa.Column('created_at', TIMESTAMP, nullable=False),
    sa.Column('responded_at', TIMESTAMP, nullable=True),
    sa.Column('expires_at', TIMESTAMP, nullable=True),
    sa.CheckConstraint("status IN ('pending', 'accepted', 'declined', 'expired')", name=op.f('ck_contact_requests_status')),
    sa.ForeignKeyConstraint(['from_user_id'], ['users.id'], name=op.f('fk_contact_requests_from_user_id_users'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['match_id'], ['matches.id'], name=op.f('fk_contact_requests_match_id_matches'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['post_id'], ['posts.id'], name=op.f('fk_contact_requests_post_id_posts'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['to_user_id'], ['users.id'], name=op.f('fk_contact_requests_to_user_id_users'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_contact_requests'))
    )
    op.create_index(op.f('ix_contact_requests_from_user_id'), 'contact_requests', ['from_user_id'], unique=False)
    op.create_index(op.f('ix_contact_requests_match_id'), 'contact_requests', ['match_id'], unique=False)
    op.create_index(op.f('ix_contact_requests_post_id'), 'contact_requests', ['post_id'], unique=False)
    op.create_index('ix_contact_requests_to_user_id_status', 'contact_requests', ['to_user_id', 'status'], unique=False)
    op.create_table('deals',
    sa.Column('id', SURROGATE_ID, autoincrement=True, nullable=False),
    sa.Column('match_id', sa.BigInteger(), nullable=True),
    sa.Column('offer_id', sa.BigInteger(), nullable=True),
    sa.Column('need_id', sa.BigInteger(), nullable=True),
    sa.Column('seller_id', sa.BigInteger(), nullable=False),
    sa.Column('buyer_id', sa.BigInteger(), nullable=False),
    sa.Column('seller_confirmed_at', TIMESTAMP, nullable=True),
    sa.Column('buyer_confirmed_at', TIMESTAMP, nullable=True),
    sa.Column('outcome', sa.String(length=16), nullable=True),
    sa.Column('created_at', TIMESTAMP, nullable=False),
    sa.Column('closed_at', TIMESTAMP, nullable=True),
    sa.ForeignKeyConstraint(['buyer_id'], ['users.id'], name=op.f('fk_deals_buyer_id_users'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['match_id'], ['matches.id'], name=op.f('fk_deals_match_id_matches'), ondelete='SET NULL'),
    sa.ForeignKeyConstraint(['need_id'], ['posts.id'], name=op.f('fk_deals_need_id_posts'), ondelete='SET NULL'),
    sa.ForeignKeyConstraint(['offer_id'], ['posts.id'], name=op.f('fk_deals_offer_id_posts'), ondelete='SET NULL'),
    sa.ForeignKeyConstraint(['seller_id'], ['users.id'], name=op.f('fk_deals_seller_id_users'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_deals'))
    )
    op.create_index(op.f('ix_deals_buyer_id'), 'deals', ['buyer_id'], unique=False)
    op.create_index(op.f('ix_deals_match_id'), 'deals', ['match_id'], unique=False)
    op.create_index(op.f('ix_deals_seller_id'), 'deals', ['seller_id'], unique=False)
    op.create_table('reminders',
    sa.Column('id', SURROGATE_ID, autoincrement=True, nullable=False),
    sa.Column('kind', sa.String(length=32), nullable=False),
    sa.Column('user_id', sa.BigInteger(), nullable=False),
    sa.Column('post_id', sa.BigInteger(), nullable=True),
    sa.Column('match_id', sa.BigInteger(), nullable=True),
    sa.Column('due_at', TIMESTAMP, nullable=False),
    sa.Column('sent_at', TIMESTAMP, nullable=True),
    sa.Column('cancelled_at', TIMESTAMP, nullable=True),
    sa.Column('payload', JSON_DOC, nullable=False),
    sa.Column('attempts', sa.Integer(), server_default='0', nullable=False),
    sa.Column('created_at', TIMESTAMP, nullable=False),
    sa.ForeignKeyConstraint(['match_id'], ['matches.id'], name=op.f('fk_reminders_match_id_matches'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['post_id'], ['posts.id'], name=op.f('fk_reminders_post_id_posts'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['user_id'], ['users.id'], name=op.f('fk_reminders_user_id_users'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_reminders'))
    )
    op.create_index('ix_reminders_pending_due_at', 'reminders', ['due_at'], unique=False, sqlite_where=sa.text('sent_at IS NULL AND cancelled_at IS NULL'), postgresql_where=sa.text('sent_at IS NULL AND cancelled_at IS NULL'))
    op.create_index(op.f('ix_reminders_post_id'), 'reminders', ['post_id'], unique=False)
    op.create_index('ix_reminders_user_id_kind', 'reminders', ['user_id', 'kind'], unique=False)
    op.create_table('ratings',
    sa.Column('id', SURROGATE_ID, autoincrement=True, nullable=False),
    sa.Column('deal_id', sa.BigInteger(), nullable=False),
    sa.Column('rater_id', sa.BigInteger(), nullable=False),
    sa.Column('ratee_id', sa.BigInteger(), nullable=False),
    sa.Column('stars', sa.SmallInteger(), nullable=False),
    sa.Column('comment', sa.Text(), nullable=False),
    sa.Column('created_at', TIMESTAMP, nullable=False),
    sa.CheckConstraint('stars BETWEEN 1 AND 5', name=op.f('ck_ratings_stars_range')),
    sa.ForeignKeyConstraint(['deal_id'], ['deals.id'], name=op.f('fk_ratings_deal_id_deals'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['ratee_id'], ['users.id'], name=op.f('fk_ratings_ratee_id_users'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['rater_id'], ['users.id'], name=op.f('fk_ratings_rater_id_users'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_ratings')),
    sa.UniqueConstraint('deal_id', 'rater_id', name=op.f('uq_ratings_deal_id_rater_id'))
    )
    op.create_index(op.f('ix_ratings_ratee_id'), 'ratings', ['ratee_id'], unique=False)


def downgrade() -> None:
    # Indexes and constraints go with their tables.
    op.drop_table('ratings')
    op.drop_table('reminders')
    op.drop_table('deals')
    op.drop_table('contact_requests')
    op.drop_table('matches')
    op.drop_table('trust_events')
    op.drop_table('posts')
    op.drop_table('company_profiles')
    op.drop_table('circle_memberships')
    op.drop_table('users')
    op.drop_table('persistence')
    op.drop_table('outbox')
    op.drop_table('inbox')
    op.drop_table('circles')
    op.drop_table('action_tokens')
