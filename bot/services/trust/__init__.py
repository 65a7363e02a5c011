"""Deals and trust: deals and their outcome questions, ratings, complaints, and the trust summaries built from them."""
