"""People: a member registered from Telegram, their profile and their identity level."""
