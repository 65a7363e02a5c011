"""Matching: the in-memory index kept in step with the database across processes, the pairs a new post makes, their alerts, and /search."""
