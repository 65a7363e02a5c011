"""Trade circles: the bot in Telegram groups, their admins and their digests."""
