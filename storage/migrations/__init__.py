"""Alembic environment and revisions for the TradeCircle schema (see storage/alembic.ini)."""
