"""A role memory holds, left in the words of its work: "I'm no longer teaching" after "I'm a
teacher", "I quit nursing", "I stopped driving for Uber" after "I'm a driver".

The role rules read an occupation by its noun ("I'm a teacher", "I'm no longer a teacher");
said by its work, the sentence names no role, so read alone it ended nothing. Read against
the roles the speaker holds, a stop ("no longer", "not ... anymore", "stopped", "quit",
"gave up", "retired from", "left") before a gerund denies each held role whose noun is the
gerund's doer: "teaching" is a teacher's, "nursing" a nurse's, "consulting" a consultant's,
"tutoring" a tutor's.

Not a supposition or a denial of the stop ("I never stopped teaching"). Each is a denial of
the held role, journaled with the extractor's claims.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import datetime

from nousmem.policies.clause_leads import SUPPOSING
from nousmem.policies.held_denials import denial, denied_values, statements
from nousmem.policies.held_values import HeldValues
from nousmem.projections.belief_models import match_key
from nousmem.projections.excerpt import stem
from nousmem.projections.models import Claim

__all__ = ["left_roles"]

CONFIDENCE = 0.85
_CUES = ("no longer", "anymore", "any more", "stopped", "quit", "gave up", "retired from", "left")
_STOPPED = re.compile(
    r"\b(?:I|[Ww]e)(?:'m|'ve|\s+am|\s+have)?(?:\s+(?:finally|just|officially|recently|already))*"
    r"\s+(?:no\s+longer|not|(?:stopped|quit|gave\s+up|retired\s+from|left))\s+(?P<work>[a-z]+ing)\b"
    r"(?P<rest>[^.!?;]*)",
    re.IGNORECASE,
)
_NOT_ANYMORE = re.compile(r"\b(?:any\s?more|any\s+longer)\b", re.IGNORECASE)
# ("n't" is joined to its verb: no word boundary before it.)
_DENIED = re.compile(r"(?:\b(?:never|not)|n['\u2019]t)\b(?:\s+\w+){0,2}\s*$", re.IGNORECASE)
_DOERS = ("er", "or", "ant", "ent", "ist", "e", "")


def left_roles(
    claims: Sequence[Claim],
    content: str,
    actor: str | None,
    occurred: datetime,
    held: HeldValues,
) -> list[Claim]:
    """The denials of the roles ``actor`` held at ``occurred`` whose work ``content`` says
    they stopped (see the module doc), less those ``claims`` already make."""
    if actor is None:
        return []
    low = content.lower()
    if not any(cue in low for cue in _CUES):
        return []  # most messages leave no work: a substring test spares the rest
    out: list[Claim] = []
    seen = denied_values(claims, "role")
    for lo, text in statements(content):
        for m in _STOPPED.finditer(text):
            said_not = m.group(0).lower().split()[1:3]
            if "not" in said_not and _NOT_ANYMORE.search(m.group("rest")) is None:
                continue  # "I'm not teaching today": a day off, not a role left
            if SUPPOSING.search(text, 0, m.start()) or _DENIED.search(text[: m.start()]):
                continue
            work = stem(m.group("work").lower())  # "teaching": "teach"
            for role in held(actor, "role", occurred):
                if match_key(role) in seen or not _does(role, work):
                    continue
                seen.add(match_key(role))
                span = (lo + m.start(), lo + m.end("work"))
                out.append(denial(actor, "role", role, CONFIDENCE, span))
    return out


def _does(role: str, work: str) -> bool:
    """Whether ``role``'s noun (its last word) is the doer of ``work`` (a gerund's stem):
    "teacher" of "teach", "nurse" of "nurs", "consultant" of "consult"."""
    words = match_key(role).split()
    if not words or len(work) < 3:
        return False
    noun = words[-1]
    return any(noun.endswith(end) and noun[: len(noun) - len(end)] == work for end in _DOERS)
