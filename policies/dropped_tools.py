"""A tool memory holds, dropped: "We got rid of Jenkins" after "We use Jenkins for CI", "We
migrated off Heroku", "I deleted Instagram", "I uninstalled VS Code".

The rules read a tool given up in the words of use ("We no longer use MongoDB", "I stopped
using Vim") and one switched from ("We switched from Jira to Linear"). Dropping it names no
use, so read alone it ended nothing and the tool stayed held. Read against the tools the
speaker holds, it does: a cue ("got rid of", "migrated off / away from", "moved off / away
from", "deleted", "uninstalled", "removed", "dropped", "ditched", "abandoned", "phased
out", "retired", "sunset", "deprecated", "turned off", "shut down", "cancelled",
"unsubscribed from") with "I" or "we" (or "our team") as its subject, then a held tool's
whole name within a few words ("our old Jenkins server").

Not a supposition, a denial ("We never dropped Jira"), a plan or one under way ("We're
phasing out Datadog", "We will drop Jira": still used) or a question. Each is a denial of
the held tool, journaled with the extractor's claims; a tool named as what took its place
("We ditched Slack for Teams") is asserted beside it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import datetime

from nousmem.policies.held_denials import denial, denied_values, statements, unreal_before
from nousmem.policies.held_values import HeldValues
from nousmem.projections.belief_models import match_key
from nousmem.projections.models import Claim

__all__ = ["dropped_tools"]

CONFIDENCE = 0.9
_REACH = 4  # words between the cue and the tool's name ("our old self-hosted")
_CUES = (
    "rid of",
    "off",
    "away from",
    "deleted",
    "uninstalled",
    "removed",
    "dropped",
    "ditched",
    "abandoned",
    "phased",
    "retired",
    "sunset",
    "deprecated",
    "turned off",
    "shut down",
    "cancel",
    "unsubscribed",
)
_DROPPED = re.compile(
    r"\b(?:I|[Ww]e|[Oo]ur\s+(?:team|company|org|startup|group))(?:'ve|\s+have|\s+had)?"
    r"(?:\s+(?:finally|just|officially|recently|already|also|completely|totally|now))*\s+"
    r"(?:got\s+rid\s+of|(?:migrated|moved)\s+(?:off(?:\s+of)?|away\s+from)|deleted|uninstalled"
    r"|removed|dropped|ditched|abandoned|phased\s+out|retired|sunset(?:ted)?|deprecated"
    r"|turned\s+off|shut\s+down|cancell?ed|unsubscribed\s+from)\s+",
)
_WORD = re.compile(r"[\w.+#-]+")
# What follows a tool's name: the thing of it dropped ("our Jenkins *server*").
_PART = (
    r"(?:\s+(?:server|servers|setup|instance|instances|stack|subscription|account|app|apps"
    r"|pipeline|pipelines|cluster|clusters|license|licenses|plan))?"
)
_TOOL_NAME = r"(?-i:[A-Z])[\w+#-]*(?:\.[\w+#-]+)*"
_INSTEAD = re.compile(
    _PART
    + r"\s+(?:for|in\s+favou?r\s+of)\s+(?P<new>"
    + _TOOL_NAME
    + r"(?:\s+(?-i:[A-Z0-9])[\w+#-]*(?:\.[\w+#-]+)*){0,2})"
    r"(?=\s*(?:[.,;:!?)]|$)|\s+(?:and|because|since|last|this|in|a|an)\b)",
    re.IGNORECASE,
)
# What may follow the tool's name: not another noun ("the Jira integration tests" are no
# Jira).
_THEN = re.compile(
    _PART + r"(?=\s*(?:[.,;:!?)]|$)|\s+(?:for|in|and|last|this|because|since|on|at|from|to"
    r"|a|an|the|entirely|completely|altogether|too|as|after|back|yesterday|today|earlier"
    r"|recently|ago|when|but|so|which|then|now|years?|months?|weeks?|two|three|over)\b)",
    re.IGNORECASE,
)
# A while, not for good: "We dropped Slack for a week".
_A_WHILE = re.compile(
    _PART + r"\s+for\s+(?:a|an|the|now|\d+|two|three|four|five|a\s+few|several|some)\s+"
    r"(?:while|bit|day|days|week|weeks|month|months|now|sprint|sprints|time)\b",
    re.IGNORECASE,
)


def dropped_tools(
    claims: Sequence[Claim],
    content: str,
    actor: str | None,
    occurred: datetime,
    held: HeldValues,
) -> list[Claim]:
    """The denials of tools ``actor`` held at ``occurred`` that ``content`` says were
    dropped (see the module doc), less those ``claims`` already make."""
    if actor is None:
        return []
    low = content.lower()
    if not any(cue in low for cue in _CUES):
        return []  # most messages drop nothing: a substring test spares the rest
    out: list[Claim] = []
    seen = denied_values(claims, "uses")
    tools: tuple[str, ...] | None = None
    for lo, text in statements(content):
        for m in _DROPPED.finditer(text):
            before = text[: m.start()]
            if unreal_before(before):
                continue
            if tools is None:
                tools = tuple(held(actor, "uses", occurred))
            window = [t for t in _WORD.finditer(text, m.end())][: _REACH + 3]
            names = [match_key(t.group(0)).rstrip(".") for t in window]
            for tool in tools:
                end = _named_at(names, match_key(tool).split())
                if end is None or match_key(tool) in seen:
                    continue
                after = window[end].end()
                if _A_WHILE.match(text, after) or not _THEN.match(text, after):
                    continue
                seen.add(match_key(tool))
                span = (lo + m.start(), lo + window[end].end())
                out.append(denial(actor, "uses", tool, CONFIDENCE, span))
                # "We ditched Slack for Teams": the tool that took its place.
                new = _INSTEAD.match(text, window[end].end())
                said = {match_key(c.value) for c in (*claims, *out) if c.attribute == "uses"}
                if new is not None and match_key(new.group("new")) not in said:
                    out.append(
                        out[-1].model_copy(
                            update={
                                "value": new.group("new"),
                                "polarity": "assert",
                                "span": (lo + new.start("new"), lo + new.end("new")),
                            }
                        )
                    )
    return out


def _named_at(names: list[str], tool: list[str]) -> int | None:
    """The index of the last word of ``tool``'s name in ``names``, when it starts within
    the first few words, else None."""
    for i in range(min(_REACH + 1, len(names))):
        if names[i : i + len(tool)] == tool:
            return i + len(tool) - 1
    return None
