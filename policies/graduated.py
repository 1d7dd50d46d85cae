"""A student role memory holds, ended by a graduation: "I graduated last week" after "I'm a
PhD student at Stanford", "I finished my master's", "I defended my dissertation".

The rules read a graduation as the school ("I graduated from NYU in May" gives the school,
dated), and "I'm a PhD student" as the role; read alone, the graduation ended no role, and
memory went on saying Sam is a student. Read against the roles held then, it ends each
student's role (``student``, ``PhD student``, ``grad student``, ``PhD candidate``, ...).

Only "I" or "we" as the one who graduated, finished or defended; not a supposition, a
denial ("I haven't graduated yet"), a time to come ("I graduate in May", "I'll finish my
PhD next year") or a question. Each is a denial of the held role, journaled with the
extractor's claims.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import datetime

from nousmem.policies.held_denials import denial, denied_values, statements, unreal_before
from nousmem.policies.held_values import HeldValues
from nousmem.projections.belief_models import match_key
from nousmem.projections.models import Claim

__all__ = ["graduated_students"]

CONFIDENCE = 0.9
_CUES = ("graduated", "finished", "completed", "defended", "got my", "earned my")
_DEGREE = (
    r"(?:phd|ph\.d\.?|doctorate|degree|master'?s(?:\s+degree)?|masters|mba|bachelor'?s"
    r"(?:\s+degree)?|undergrad|studies|dissertation|thesis|diploma|program|programme|residency"
    r"|law\s+school|med\s+school|medical\s+school|grad\s+school|college|university|school)"
)
_GRADUATED = re.compile(
    r"\b(?:I|[Ww]e)(?:'ve|\s+have|\s+just|\s+finally|\s+officially)*\s+(?:(?:just|finally"
    r"|officially|successfully)\s+)?(?:graduated\b|(?:finished|completed|defended|got|earned)"
    r"\s+(?:my|our)\s+" + _DEGREE + r"\b)",
    re.IGNORECASE,
)
_STUDENT = re.compile(r"\b(?:student|candidate|undergrad|undergraduate)\b", re.IGNORECASE)


def graduated_students(
    claims: Sequence[Claim],
    content: str,
    actor: str | None,
    occurred: datetime,
    held: HeldValues,
) -> list[Claim]:
    """The denials of the student roles ``actor`` held at ``occurred`` that a graduation in
    ``content`` ends (see the module doc), less those ``claims`` already make."""
    if actor is None:
        return []
    low = content.lower()
    if not any(cue in low for cue in _CUES):
        return []  # most messages graduate no one: a substring test spares the rest
    out: list[Claim] = []
    seen = denied_values(claims, "role")
    for lo, text in statements(content):
        for m in _GRADUATED.finditer(text):
            before = text[: m.start()]
            if unreal_before(before):
                continue
            for role in held(actor, "role", occurred):
                if _STUDENT.search(role) and match_key(role) not in seen:
                    seen.add(match_key(role))
                    out.append(
                        denial(actor, "role", role, CONFIDENCE, (lo + m.start(), lo + m.end()))
                    )
    return out
