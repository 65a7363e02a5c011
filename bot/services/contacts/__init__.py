"""Contacts: asking for a counterpart's contact with their consent, and dismissing a match."""
