"""Trade circles: the bot in a group, its members and posts, the admins' settings."""

from __future__ import annotations

from functools import partial

from bot.services.circles import circle_admin, circle_report, groups, settling, weekly_reports
from bot.services.reminders import admin_advice

from .dependencies import Dependencies


class Circles:
    def __init__(self, deps: Dependencies) -> None:
        u, c = deps.uow_factory, deps.clock
        self.bot_joined = partial(groups.bot_joined, u, c)
        self.notice_languages = partial(groups.notice_languages, u)
        self.member_joined = partial(groups.member_joined, u, c)
        self.migrated = partial(groups.migrated, u, c, deps.after)
        self.post_in_circle = partial(
            groups.post_in_circle, u, c, deps.settings.schedule(), deps.after
        )
        self.invite_to_start = partial(groups.invite_to_start, u, c)
        self.tell_limit = partial(groups.tell_limit, u, c)
        self.links_to_flag = partial(groups.links_to_flag, u, c)
        self.flag_link = partial(groups.flag_link, u, c)
        self.settings_of = partial(circle_admin.settings_of, u, c)
        self.week_stats = partial(circle_admin.week_stats, u, c)
        self.admin_buttons = partial(circle_report.admin_buttons, u, c)
        self.week_of = partial(circle_report.week_of, u, c, deps.index.policy.rates)
        self.due_reports = partial(weekly_reports.due, u, c)
        self.report_sent = partial(weekly_reports.mark_sent, u, c)
        self.quiet_posts = partial(admin_advice.quiet_posts, u, c, deps.settings.quiet_post_after)
        self.advise_now = partial(admin_advice.advise_now, u, c)
        self.setting_buttons = partial(circle_admin.setting_buttons, u, c)
        self.change = partial(circle_admin.change, u, c)
        self.remove_post = partial(circle_admin.remove_post, u, c, deps.after)
        self.stop_member = partial(circle_admin.stop_member, u, c)
        self.vouch = partial(circle_admin.vouch, u, c)
        self.settle = partial(settling.settle, u, c, admin_chat_id=deps.settings.admin_chat_id)
