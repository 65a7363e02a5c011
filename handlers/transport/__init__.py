"""How updates arrive and replies leave, apart from what any feature does: polling and the
webhook, the inbox's batches, per-chat order, rate limits, Telegram's send limits, the outbox
dispatcher, PTB persistence and the graceful stop."""
