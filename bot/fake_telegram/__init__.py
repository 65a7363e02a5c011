"""A strict local fake of the Telegram Bot API for end-to-end tests and the playground.

Real python-telegram-bot code talks to it over loopback HTTP; tests act as users through the
driver. See ``FakeTelegram`` and docs in the module docstrings (state.py, methods.py).
"""

from bot.fake_telegram.driver import GroupHandle, NoReplyError, UserHandle
from bot.fake_telegram.fake import FakeTelegram
from bot.fake_telegram.faults import FaultInjector, FaultPlan, FaultRates
from bot.fake_telegram.limits import FloodLimits, Window
from bot.fake_telegram.models import Button, CallbackQueryRecord, RequestRecord, StoredMessage
from bot.fake_telegram.simulate import SimulationError

__all__ = [
    "Button",
    "CallbackQueryRecord",
    "FakeTelegram",
    "FaultInjector",
    "FaultPlan",
    "FaultRates",
    "FloodLimits",
    "GroupHandle",
    "NoReplyError",
    "RequestRecord",
    "SimulationError",
    "StoredMessage",
    "UserHandle",
    "Window",
]
