"""Reminders: the follow-ups that fall due (after a match, before a post expires, the deal outcome, the weekly digest) and which of them a member wants."""
