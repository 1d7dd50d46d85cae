"""Rules for someone's ``nationality`` (multi-valued: dual citizens have two), by its
demonym: "I'm Canadian", "I'm a German citizen", "Ana is half Italian", "I'm
French-Canadian" (one value), "I'm Canadian and American" (each); "I'm not American" denies.

A demonym is read only capitalised, after a copula, and where it ends the phrase (or a
citizen / national follows): "I'm an American Express customer" names a card, and "I speak
French" a language (rules_personal.py). Where someone comes from is ``origin``.

Part of the rule table (``policies/rules.py`` assembles it through ``rules_personal``); see
``patterns.Rule`` for what each option means.
"""

from __future__ import annotations

from nousmem.policies.patterns import NOT_WORD, Rule, make_rule

__all__ = ["DEMONYMS", "NATIONALITY_RULES"]

_ONE_WORD = (
    "American Canadian Mexican Brazilian Argentinian Argentine Chilean Colombian Peruvian "
    "Venezuelan Cuban Jamaican British English Scottish Welsh Irish French German Italian "
    "Spanish Portuguese Dutch Belgian Swiss Austrian Swedish Norwegian Danish Finnish "
    "Icelandic Polish Czech Slovak Hungarian Romanian Bulgarian Greek Turkish Russian "
    "Ukrainian Israeli Iranian Egyptian Moroccan Nigerian Kenyan Ghanaian Ethiopian Indian "
    "Pakistani Bangladeshi Nepali Chinese Japanese Korean Vietnamese Thai Filipino "
    "Indonesian Malaysian Singaporean Taiwanese Australian Lebanese Syrian Saudi Emirati"
)
#: The demonyms read, as written.
DEMONYMS: tuple[str, ...] = (
    *_ONE_WORD.split(),
    "South African",
    "South Korean",
    "Sri Lankan",
    "New Zealander",
    "Puerto Rican",
)

# Longest first, so that "South African" is not read as a bare "South".
_DEMONYM = "(?:" + "|".join(sorted(DEMONYMS, key=len, reverse=True)) + ")"
_ITEM = rf"(?P<val>{_DEMONYM}(?:-{_DEMONYM})?)(?![\w-])"
# What may follow it: the phrase's end, a citizen, another demonym, a clause.
_END = (
    r"(?=\s*(?:[.,;!?)]|$)|\s+(?i:and|but|by|citizen|national|too|as|living|who|so|now|myself"
    r"|originally|through|on)\b)"
)

NATIONALITY_RULES: tuple[Rule, ...] = (
    make_rule(
        "nationality",
        " ".join(sorted({w.lower() for d in DEMONYMS for w in d.split()})),
        r"(?:'m|\bam|'s|\bis|\bare)\s+"
        + NOT_WORD
        + r"(?:(?i:a|an)\s+)?(?:(?i:half|part|proudly|also|fully|both)\s+)?"
        + _ITEM
        + _END,
        value="raw",
        items=r"(?:(?i:half|part)\s+)?" + _ITEM + _END,
    ),
)
