"""Terms of one piece of a text: a run of English words (glossary phrases, model codes,
versions) or one jieba token containing Chinese (its glossary concepts, search-mode pieces and
CC-CEDICT glosses). Steps 3 and 4 of term extraction (terms.py)."""

from __future__ import annotations

import re
from functools import lru_cache

from bot.domain import segmenter
from bot.domain.vocabulary.dictionary import english_glosses
from bot.domain.vocabulary.english import english_words
from bot.domain.vocabulary.glossary import PRODUCT, Glossary

from .codes import code_stem, is_model_code, named_models

# Letter+digit model codes and bare numbers: m6, e27, t8, gu10, 18650, 304, 3d.
_CODE = re.compile(r"^(?:[a-z]+\d+[a-z0-9]*|\d+[a-z]+\d*|\d{2,})$")
# A version or edition number standing alone: 7, 2.5, 6.2.9, v2, v17.0 (-> 7, 2.5, 6.2.9, 2, 17).
_VERSION = re.compile(r"^v?(\d{1,3}(?:\.\d+)*)$")
Part = tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]  # product, specs, concepts


def version_spec(number: str) -> str:
    """A version number as a spec: trailing zero parts dropped (17.0 -> 17)."""
    return re.sub(r"(?:\.0+)+$", "", number)


@lru_cache(maxsize=16384)
def english_run_terms(tokens: tuple[str, ...], glossary: Glossary) -> Part:
    """Concepts of glossary phrases in a run of ASCII tokens; leftover words by kind."""
    named = named_models(tokens, glossary.is_stopword)
    words: list[str] = []
    version_specs: list[str] = []
    for token in tokens:
        version = _VERSION.match(token)
        if version:
            version_specs.append(version_spec(version.group(1)))
        elif _CODE.match(token):
            words.append(token)  # keep "m6" / "304" whole; english_words would keep it too
        else:
            words.extend(english_words(token))
    product: list[str] = []
    specs: list[str] = []
    concepts: list[str] = []
    covered = [False] * len(words)
    for start, end, ids in glossary.match_phrases(words):
        is_spec = _add_ids(ids, glossary, specs, concepts)
        for i in range(start, end):
            covered[i] = True
            if not glossary.is_stopword(words[i]):
                (specs if is_spec else product).append(words[i])
        if not is_spec:
            specs.extend(_modifiers(words[start:end], ids, glossary))
    for i, word in enumerate(words):
        if covered[i] or glossary.is_stopword(word):
            continue
        if is_model_code(word):
            product.append(word)  # a model code says which product it is: it finds candidates
            stem = code_stem(word)
            if stem:
                product.append(stem)
        elif _CODE.match(word):
            specs.append(word)
        elif len(word) > 1 and not word.isdigit():
            product.append(word)
    return tuple(product + named), tuple(specs + version_specs), tuple(concepts)


@lru_cache(maxsize=65536)
def han_token_terms(token: str, glossary: Glossary) -> tuple[Part, tuple[str, ...]]:
    """One jieba token containing Chinese: its words by kind and its product concepts, and
    its English glosses when the glossary lacks it."""
    key = "".join(token.split())
    if glossary.is_stopword(key):
        return ((), (), ()), ()
    ids = glossary.lookup_key(key)
    if len(key) == 1 and not ids:
        return ((), (), ()), ()
    product: list[str] = []
    specs: list[str] = []
    concepts: list[str] = []
    pieces = [p for p in segmenter.cut_for_search(key) if p != key and len(p) > 1]
    if ids:
        is_spec = _add_ids(ids, glossary, specs, concepts)
        (specs if is_spec else product).append(key)
        spec_pieces = [p for p in pieces if glossary.is_spec_key(p)]
        for piece in pieces:
            if is_spec or any(piece in sp for sp in spec_pieces):
                # 304不锈钢 is also 不锈钢; 不锈钢保温杯 has the spec 不锈钢 (and 不锈)
                specs.extend(
                    "s:" + c
                    for c in sorted(glossary.lookup_key(piece))
                    if glossary.concept(c).kind != PRODUCT
                )
                specs.append(piece)
            elif not glossary.is_stopword(piece):
                product.append(piece)
        return (tuple(product), tuple(specs), tuple(concepts)), ()
    if _CODE.match(key):
        return ((), (key,), ()), ()
    product.append(key)
    glosses = tuple(_english_for(key, pieces, glossary))
    taken: list[str] = []
    for piece in sorted(pieces, key=len, reverse=True):
        if glossary.is_stopword(piece):
            continue
        piece_ids = glossary.lookup_key(piece)
        inside = any(piece in t for t in taken)
        if piece_ids and not inside:
            taken.append(piece)
            if _add_ids(piece_ids, glossary, specs, concepts):
                specs.append(piece)
                continue
        product.append(piece)
    return (tuple(product), tuple(specs), tuple(concepts)), glosses


def _english_for(key: str, pieces: list[str], glossary: Glossary) -> list[str]:
    """English words for a Chinese word the glossary lacks (dictionary.py): the word's own
    glosses, or else its pieces' glosses."""
    table = english_glosses()
    found = table.get(key)
    if found is None:
        found = tuple(w for p in pieces for w in table.get(p, ()))
    return [w for w in found if len(w) > 1 and not glossary.is_stopword(w)]


def _add_ids(
    ids: frozenset[str], glossary: Glossary, specs: list[str], concepts: list[str]
) -> bool:
    """Record concept ids; True when they are all specs (materials / attributes)."""
    spec_only = True
    for cid in sorted(ids):
        if glossary.concept(cid).kind == PRODUCT:
            concepts.append(cid)
            spec_only = False
        else:
            specs.append("s:" + cid)
    return spec_only and bool(ids)


def _modifiers(phrase: list[str], ids: frozenset[str], glossary: Glossary) -> list[str]:
    """Spec concepts of the words that modify a product phrase: "wireless mouse" is a mouse
    that is wireless (s:wireless), as 无线鼠标 is; "rock wool" is no kind of wool."""
    out: list[str] = []
    for i, word in enumerate(phrase):
        rest = " ".join(phrase[:i] + phrase[i + 1 :])
        if len(phrase) > 1 and glossary.is_spec_key(word) and glossary.lookup_key(rest) & ids:
            out.extend("s:" + c for c in sorted(glossary.lookup_key(word)))
    return out
