"""A version of a tool memory holds, replaced by another version of it: "We upgraded to
Python 3.12" after "We use Python 3.8" ends ``Python 3.8``.

``uses`` holds many tools at once, so a new one takes no other's place; but two versions of
one tool are one tool's place, and the older would stay held beside the newer. An asserted
``uses`` value with a version ("Python 3.12", "Postgres 15", "Node v20") denies each held
value that is the same name with another version. A name without a version is neither
("Python" and "Python 3.12" stay), and nor are two names sharing a word ("Visual Studio
2022" and "Visual Studio Code"). Two names of one tool are one name ("Postgres 14" and
"PostgreSQL 16": ``policies/tool_kinds.py``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import datetime

from nousmem.policies.held_values import HeldValues
from nousmem.policies.tool_kinds import same_tool
from nousmem.projections.belief_models import match_key
from nousmem.projections.models import Claim

__all__ = ["replaced_versions"]

_VERSIONED = re.compile(r"^(?P<name>.+?)\s+v?(?P<version>\d+(?:\.\d+)*)$")


def replaced_versions(claims: Sequence[Claim], occurred: datetime, held: HeldValues) -> list[Claim]:
    """The denials of the other versions, held at ``occurred``, of each versioned tool
    ``claims`` assert (see the module doc), less those ``claims`` already make."""
    out: list[Claim] = []
    said = {(match_key(c.entity), match_key(c.value)) for c in claims if c.attribute == "uses"}
    for c in claims:
        if c.attribute != "uses" or c.polarity != "assert":
            continue
        m = _VERSIONED.match(c.value)
        if m is None:
            continue
        name, version = m.group("name"), m.group("version")
        for value in held(c.entity, "uses", occurred):
            other = _VERSIONED.match(value)
            if other is None or not same_tool(other.group("name"), name):
                continue
            if other.group("version") == version or (match_key(c.entity), match_key(value)) in said:
                continue
            said.add((match_key(c.entity), match_key(value)))
            out.append(c.model_copy(update={"value": value, "polarity": "negate", "change": True}))
    return out
