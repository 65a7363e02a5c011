"""English texts of /forget (issue 13)."""

TEXTS: dict[str, str] = {
    "cmd.forget": "Delete all your data",
    "forget.ask": (
        "🗑 <b>Delete all your data?</b>\n"
        "This deletes your posts, your profile (name, username, phone number, company, "
        "verification), your settings, contact requests, reminders, circle memberships and "
        "your trust record, with the ratings others gave you.\n"
        "Deals you made and the stars you gave others stay on their records, from a "
        "“deleted user”. This cannot be undone."
    ),
    "btn.forget": "🗑 Delete everything",
    "forget.done": (
        "Your data is deleted. If you write to me again, you start as a new member. Goodbye!"
    ),
    "forget.kept": "Nothing was deleted.",
    "deal.partner_gone": (
        "They deleted their data, so a deal with them can no longer be confirmed. "
        "Nothing is held against you."
    ),
    "user.deleted": "deleted user",
}
