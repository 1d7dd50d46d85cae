"""Rules for the people who care for someone: ``doctor``, ``dentist`` and ``therapist`` for
their health, ``teacher`` and ``nanny`` for a child (single-valued, a name): "My doctor is
Dr. Patel", "Dr. Kim is my dentist", "my therapist Sarah", "Leo's teacher is Mrs. Brown",
"Our nanny is Maria"; "my old / former doctor Dr. Patel" denies Dr. Patel. A new one
supersedes the earlier one as any single value does.

Part of the rule table (``policies/rules.py`` assembles it); see ``patterns.Rule`` for what
each option means.
"""

from __future__ import annotations

from nousmem.policies.patterns import (
    NAME_AFTER_NOUN,
    NAME_VAL,
    POSS,
    Rule,
    make_rule,
    one_of,
)

__all__ = ["CARE_ROLES", "CARE_RULES", "NOT_TITLED"]

#: Each attribute and the nouns that name it ("my GP", "my orthodontist").
CARE_ROLES: tuple[tuple[str, str], ...] = (
    ("doctor", "doctor physician gp pediatrician paediatrician"),
    ("dentist", "dentist orthodontist"),
    ("therapist", "therapist counselor counsellor psychiatrist psychologist"),
    # A class's teacher: "Leo's piano teacher" is none (a word before the noun is one of
    # ``_NEW``'s or nothing).
    ("teacher", "teacher"),
    ("nanny", "nanny babysitter sitter"),
)
_NEW = r"(?:(?i:new|current|regular|usual|family|primary(?:\s+care)?)\s+)?"
_FORMER = r"(?P<neg>(?i:former|old|previous|ex-|ex\s+)\s*)?"
# What may follow a name that ends the clause: "My doctor is Dr. Patel at Kaiser".
_CLAUSE_END = r"(?=\s*(?:[.,;!?)]|$)|\s+(?i:and|but|now|since|from|at|in|on|anymore|who|over)\b)"


# A name is read whole: not "Kim" again after "Dr. Kim".
NOT_TITLED = "".join(rf"(?<!{t}\. )" for t in ("Dr", "Mr", "Ms", "Mrs", "Prof"))


CARE_RULES: tuple[Rule, ...] = tuple(
    rule
    for attribute, nouns in CARE_ROLES
    for rule in (
        # "My doctor is Dr. Patel", "My new therapist is Sarah Cole".
        make_rule(
            attribute,
            nouns,
            POSS
            + r"\s+"
            + _FORMER
            + _NEW
            + one_of(nouns)
            # (a title is what a doctor's name starts with: no NOT_A_NAME here)
            + r"\s+(?i:is|'s)\s+(?:(?i:now|currently|still|actually)\s+)?"
            + NAME_VAL
            + _CLAUSE_END,
            value="name",
            subject="poss",
            stated=True,  # not "If my doctor is Dr. Patel, ..."
        ),
        # "my doctor Dr. Patel said ...", "my old dentist Dr. Kim".
        make_rule(
            attribute,
            nouns,
            POSS + r"\s+" + _FORMER + _NEW + one_of(nouns) + NAME_AFTER_NOUN,
            value="name",
            subject="poss",
            presupposed=True,
            undated=True,
        ),
        # "Dr. Kim is my dentist", "Sarah is no longer my therapist".
        make_rule(
            attribute,
            nouns,
            NOT_TITLED
            + NAME_VAL
            + r"\s+(?i:is|has\s+been)\s+(?:(?i:no\s+longer|not|still|now|also)\s+)?"
            + POSS
            + r"\s+"
            + _FORMER
            + _NEW
            + one_of(nouns)
            + r"\b(?!-|'|\s+(?i:at\s+heart)\b)",
            value="name",
            subject="poss",
        ),
    )
)
