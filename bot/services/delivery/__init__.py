"""Delivery: what comes in (the inbox, conversations, rate limits) and what goes out (the outbox, one-time button tokens), and the leases that say which process does it."""
