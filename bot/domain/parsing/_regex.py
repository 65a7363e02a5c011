"""Fast alternations of many literal words.

`(?:pcs|pc|pieces|piece|...)` makes the regex engine try every word at every position;
on a 4096-character message that is millions of steps. A trie-shaped pattern
(`p(?:cs?|ieces?)`) tries one branch per first character instead.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

_Trie = dict[str, "_Trie"]
_END = ""  # key marking that a word ends at this node


def _insert(trie: _Trie, word: str) -> None:
    node = trie
    for ch in word:
        node = node.setdefault(ch, {})
    node[_END] = {}


def _render(node: _Trie) -> str:
    ends_here = _END in node
    branches = [re.escape(ch) + _render(child) for ch, child in sorted(node.items()) if ch]
    if not branches:
        return ""
    singles = [b for b in branches if len(b) == 1 or (len(b) == 2 and b[0] == "\\")]
    if len(singles) == len(branches) and len(branches) > 1:
        body = "[" + "".join(branches) + "]"
    elif len(branches) == 1:
        body = branches[0]
    else:
        body = "(?:" + "|".join(branches) + ")"
    if ends_here:
        # Longer words first: greedy `?` tries the continuation before stopping here.
        return body + "?" if len(body) == 1 or body.startswith(("[", "(?:")) else f"(?:{body})?"
    return body


def words_regex(*groups: str | Iterable[str]) -> str:
    """A non-capturing pattern matching any of the words (literal), longest match first.

    A string group is a space-separated list of words; any other iterable gives whole
    entries, so phrases with spaces ("less than") go in a list."""
    trie: _Trie = {}
    for group in groups:
        for word in group.split() if isinstance(group, str) else group:
            if word:
                _insert(trie, word)
    if not trie:
        return "(?!)"
    return "(?:" + _render(trie) + ")"
