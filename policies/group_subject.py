"""When "we" is the speaker: what a group the speaker belongs to did, its members did.

"We went camping last week" tells that the speaker went camping; "We love jazz" does not
tell that the speaker loves jazz. So only the rules of what people do and where they have
been (:data:`SHARED_ATTRIBUTES`) read "we", and only in a plain statement: not a question
("Where did we go camping"), a suggestion ("Why don't we go", "How about we go", "I
suggested we go"), a hope ("I hope we go"), an offer or a plan ("We can go", "We'll go",
"We were going to go", "We have to go").
"""

from __future__ import annotations

import re

from nousmem.policies.clause_leads import clean
from nousmem.policies.patterns import words

__all__ = ["SHARED_ATTRIBUTES", "group_did"]

#: Attributes whose rules read "we" as the speaker.
SHARED_ATTRIBUTES = frozenset({"activity", "visited"})

# "we", "we've" (not "we're", "we'll", "we'd": a plan, a future, a modal).
_WE = re.compile(r"(?i:we(?:['\u2019]ve)?)(?!['\u2019\w])")
# Words that may stand between "we" and the verb of a statement of what we did or do.
_BETWEEN = words(
    "have had 've did didn't didnt haven't havent hadn't hadnt never just finally also even "
    "all both recently once already actually really then ever always usually often "
    "sometimes not"
)
# A word just before "we" that makes a question or a suggestion of it ("did we", "shall
# we", "why don't we").
_INVERTING = words(
    "do does did don't didn't are aren't were weren't is was can can't could couldn't "
    "shall should will won't would have haven't has"
)
# A word earlier in the clause that makes what follows a hope, a suggestion or a supposition.
_LEAD = re.compile(
    r"\b(?:hope|hopes|hoping|hopefully|suggest\w*|propos\w*|how\s+about|what\s+about"
    r"|let['\u2019]?s|wonder\w*|no\s+way|unless|until|till|pretend|imagine|suppose)\b[^,;:]*$",
    re.IGNORECASE,
)


def group_did(text: str, we: int, verb: int) -> bool:
    """Whether the "we" at ``text[we:]`` states what the speaker's group did or does, as
    the subject of the verb phrase at ``text[verb:]``."""
    m = _WE.match(text, we)
    if m is None or any(clean(w) not in _BETWEEN for w in text[m.end() : verb].split()):
        return False
    before = text[:we].split()
    if before and clean(before[-1]) in _INVERTING:
        return False
    return _LEAD.search(text, max(0, we - 60), we) is None
