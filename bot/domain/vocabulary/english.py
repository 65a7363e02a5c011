"""English words as matching compares them: lower-case ASCII words and numbers, each
singularised (`singular`), so that "Vacuum Flasks" and "vacuum flask" are the same words."""

from __future__ import annotations

import re

_WORD = re.compile(r"[a-z0-9]+")

# Irregular or misleading plurals; everything else follows the suffix rules in `singular`.
_IRREGULAR = {
    "knives": "knife",
    "shelves": "shelf",
    "leaves": "leaf",
    "wolves": "wolf",
    "halves": "half",
    "loaves": "loaf",
    "scarves": "scarf",
    "thieves": "thief",
    "wives": "wife",
    "lives": "life",
    "calves": "calf",
    "hooves": "hoof",
    "men": "man",
    "women": "woman",
    "children": "child",
    "feet": "foot",
    "teeth": "tooth",
    "mice": "mouse",
    "geese": "goose",
    "people": "person",
    "shoes": "shoe",
    "toes": "toe",
    "canoes": "canoe",
    "tomatoes": "tomato",
    "potatoes": "potato",
    "heroes": "hero",
    "echoes": "echo",
    "dies": "die",
    "ties": "tie",
    "pies": "pie",
    "lies": "lie",
    "series": "series",
    "species": "species",
    "news": "news",
    "glasses": "glass",
    "boxes": "box",
    "axes": "axe",
    "indices": "index",
    "matrices": "matrix",
    "gases": "gas",
    "buses": "bus",
    "lenses": "lens",
    "cookies": "cookie",
    "movies": "movie",
    "hoodies": "hoodie",
    "beanies": "beanie",
    "onesies": "onesie",
    "goalies": "goalie",
    "zombies": "zombie",
    "calories": "calorie",
}
# Words ending in "s" that are not plurals.
_KEEP_S = frozenset(
    {
        "gas",
        "bus",
        "lens",
        "glass",
        "grass",
        "brass",
        "bias",
        "canvas",
        "chassis",
        "cosmos",
        "jeans",
        "pants",
        "shorts",
        "pliers",
        "scissors",
        "tongs",
        "goggles",
        "trousers",
        "news",
        "series",
        "species",
        "status",
        "citrus",
        "asparagus",
        "hibiscus",
        "cactus",
        "walrus",
        "octopus",
        "plus",
        "versus",
        "lotus",
        "bonus",
        "census",
        "campus",
        "virus",
        "sinus",
        "analysis",
        "basis",
        "axis",
        "thesis",
        "tennis",
        "dais",
        "iris",
        "yes",
        "this",
        "his",
        "its",
        "us",
        "is",
        "was",
        "has",
        "does",
        "gps",
        "abs",
        "pcs",
        "ups",
        "diabetes",
        "mattress",
        "dress",
        "press",
        "access",
        "process",
        "business",
        "less",
        "chess",
        "class",
        "boss",
        "moss",
        "gloss",
        "cross",
        "truss",
        "floss",
    }
)


def singular(word: str) -> str:
    """English plural -> singular for matching (lower-case input). Deterministic and applied
    to both sides, so an imperfect form ("pliers" stays "pliers") still matches itself."""
    if word in _IRREGULAR:
        return _IRREGULAR[word]
    if len(word) <= 3 or not word.endswith("s") or not word.isalpha():
        return word
    if word in _KEEP_S or word.endswith(("ss", "us", "is")):
        return word
    if word.endswith("ies"):
        return word[:-3] + "y"
    if word.endswith(("ches", "shes", "xes", "zzes", "sses", "oes")):
        return word[:-2]
    return word[:-1]


def english_words(text: str) -> list[str]:
    """Lower-case ASCII words and numbers of `text`, singularised (hyphens split words)."""
    return [singular(w) for w in _WORD.findall(text.lower())]
