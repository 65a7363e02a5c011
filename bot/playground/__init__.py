"""The playground: the whole bot in a browser, with no Telegram account and no token.

The real Application (handlers, use cases, storage, jobs, outbox) runs against the local fake
Bot API (`bot.fake_telegram`, the one the tests use), and a small web page acts as the people
on the Telegram side through that fake. Nothing in the product imports this package; it is
started from the command line (`tradecircle playground`, or `tradecircle run` with no token).
"""
