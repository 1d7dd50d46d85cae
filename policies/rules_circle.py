"""Rules for the people around someone beyond the household, by name: ``coworker``
("my coworker Dan", "Raj is my colleague"), ``neighbor`` ("my neighbor Tom"), ``roommate``
("my roommate Alex") and ``relative``, the wider family ("my cousin Maria", "my niece
Sophie", "my mother-in-law Linda"; children, siblings, parents, grandparents and partners
have attributes of their own).

Each relation is read three ways, as the family's are: the noun then the name ("my
coworker Dan", "Ana's neighbor, Tom,"), the name then the noun ("Dan is my coworker"), and
the noun named ("My neighbor is Tom", "My cousin's name is Maria"); and a joint subject
("Tom and I are best friends", "Ana and I work together"). Not one who was ("my
old roommate Alex", "my ex-coworker Dan", "my former neighbor"), someone else's ("Dan is
my coworker's husband"), nor an indirect object ("I told my coworker Friday works").

Part of the rule table (``policies/rules.py`` assembles it); see ``patterns.Rule`` for what
each option means.
"""

from __future__ import annotations

from nousmem.policies.brand_words import FAMILY_WORD
from nousmem.policies.patterns import (
    NAME_AFTER_NOUN,
    NAME_VAL,
    NOT_A_NAME,
    NOT_WORD,
    POSS,
    POSS_START,
    Rule,
    make_rule,
    one_of,
)
from nousmem.policies.rules_relations import GIVEN_TO, NAMED_AS, NOT_POSSESSIVE

__all__ = ["CIRCLE_NOUNS", "CIRCLE_RULES"]

#: Each attribute and the nouns that name it (singular and plural).
CIRCLE_NOUNS: dict[str, str] = {
    "coworker": "coworker coworkers co-worker co-workers colleague colleagues teammate "
    "teammates workmate workmates",
    "neighbor": "neighbor neighbors neighbour neighbours",
    "roommate": "roommate roommates roomie flatmate flatmates housemate housemates",
    "relative": "cousin cousins niece nieces nephew nephews aunt aunts auntie uncle uncles "
    "grandson grandsons granddaughter granddaughters grandchild grandkid stepson stepdaughter "
    "stepbrother stepsister stepmom stepmother stepdad stepfather godson goddaughter "
    "godmother godfather brother-in-law sister-in-law mother-in-law father-in-law "
    "son-in-law daughter-in-law",
}
# Words before the noun that keep the relation current ("my new neighbor", "my favorite
# cousin"); "old", "former" and "ex-" make it one that was, and match nothing.
_NOW = (
    r"(?:(?i:new|best|favorite|favourite|fellow|little|big|younger|older|eldest|oldest"
    r"|youngest|elderly|lovely|sweet|next-door|upstairs|downstairs|current|first|second)\s+)?"
)


def _rules(attribute: str) -> tuple[Rule, ...]:
    noun = one_of(CIRCLE_NOUNS[attribute])
    anchors = CIRCLE_NOUNS[attribute]
    return (
        # "my coworker Dan", "Ana's cousin Maria", "my neighbours, Tom and Kim,".
        make_rule(
            attribute,
            anchors,
            POSS_START + GIVEN_TO + POSS + r"\s+" + _NOW + noun + r"(?:\s*,)?" + NAME_AFTER_NOUN,
            value="name",
            subject="poss",
            presupposed=True,
            undated=True,
        ),
        # "Dan is my coworker", "Maria is Ana's cousin" (not "... my coworker's husband").
        make_rule(
            attribute,
            anchors,
            NAME_VAL + r"\s+(?i:is)\s+" + POSS + r"\s+" + _NOW + noun + NOT_POSSESSIVE,
            value="name",
            subject="poss",
        ),
        # "My neighbor is Tom", "My cousin's name is Maria": a name that ends the clause.
        make_rule(
            attribute,
            anchors,
            POSS + r"\s+" + _NOW + noun + NAMED_AS,
            value="name",
            subject="poss",
            stated=True,
            settled=True,
        ),
    )


# "Tom and I are best friends", "Ana and I have been coworkers since 2020", "Tom and I
# work together": the other one is the speaker's (the plural noun of each relation). Not
# "Ana and I used to be friends" (one who was) nor "Mom and I are friends" (a parent).
_PAIR = (
    r"(?P<pair>\b(?!" + FAMILY_WORD + r")" + NOT_A_NAME + NAME_VAL + r"\s+(?i:and)\s+I)"
    r"(?:'re|'ve\s+been|\s+(?i:are|have\s+been|have\s+always\s+been|became))\s+"
)
_PAIR_NOUNS = {
    "friend": "friends",
    "coworker": "coworkers co-workers colleagues teammates workmates",
    "neighbor": "neighbors neighbours",
    "roommate": "roommates flatmates housemates",
    "relative": "cousins",
}
_CLOSE = r"(?:(?i:best|good|close|great|old|really\s+good|good\s+old|such\s+good)\s+)?"


def _pair_rule(attribute: str, nouns: str) -> Rule:
    return make_rule(
        attribute,
        nouns,
        _PAIR + NOT_WORD + _CLOSE + rf"(?P<act>{one_of(nouns)})\b(?!-|'|\s+(?i:with)\b)",
        value="name",
        subject="pair",
    )


CIRCLE_RULES: tuple[Rule, ...] = (
    *(r for a in CIRCLE_NOUNS for r in _rules(a)),
    *(_pair_rule(a, nouns) for a, nouns in _PAIR_NOUNS.items()),
    make_rule(
        "coworker",
        "work",
        r"(?P<pair>\b(?!" + FAMILY_WORD + r")" + NOT_A_NAME + NAME_VAL + r"\s+(?i:and)\s+I)"
        r"\s+(?P<act>(?i:work))\s+(?i:together)\b",
        value="name",
        subject="pair",
    ),
)
