"""Use-case tests on the in-memory unit of work."""
