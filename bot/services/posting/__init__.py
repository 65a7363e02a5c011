"""Posting: drafts read from plain words, edits, publishing and closing, and who may see a post."""
