"""An agent acknowledging what it was told is no evidence of it.

"Noted that Sam works at Initech", "Got it, you're vegetarian", "I'll remember that your
sister lives in Rome": an agent (or an assistant) that writes such a turn to memory repeats
what it was just told, by the user or a tool. Read as a claim, the repeat counted as a
second, independent source: the value it echoed gained support it never earned, which is
the self-reinforcing error the Nous paper's section 2 cites (an agent acting on a stored
conclusion and generating observations consistent with it). The turn is kept as evidence;
its words state nothing.

Only a turn from a source whose name (before any ``:``) is ``agent`` or ``assistant``, and
only one that opens with an acknowledgement: "noted", "got it", "understood", "okay,
noted", "I'll remember (that)", "I've noted / saved / stored / recorded (that)", "saved",
"remembered", "acknowledged". An agent's own report ("The deploy failed at 3pm",
"Ana's flight lands at 6") states what it says.
"""

from __future__ import annotations

import re

from nousmem.projections.belief_models import source_key

__all__ = ["ECHO_SOURCES", "agent_echo", "from_agent"]

#: Source names (before any ``:``, folded) whose acknowledgements state nothing.
ECHO_SOURCES = frozenset({"agent", "assistant"})

_ACK = re.compile(
    r"^\W*(?:(?:ok(?:ay)?|sure|great|thanks|thank\s+you|alright|all\s+right)[,.!]*\s+)?"
    r"(?:noted|got\s+it|understood|acknowledged|saved|remembered|recorded|will\s+do"
    r"|i(?:'ll|\s+will)\s+(?:remember|keep\s+in\s+mind|make\s+a\s+note)"
    r"|i(?:'ve|\s+have)\s+(?:noted|saved|stored|recorded|remembered|made\s+a\s+note)"
    r"|i\s+(?:noted|saved|stored|recorded))\b",
    re.IGNORECASE,
)


def agent_echo(source: str, content: str) -> bool:
    """Whether ``content`` from ``source`` is an agent's acknowledgement (see the module
    doc), whose words state nothing."""
    if not from_agent(source):
        return False
    return _ACK.match(content.replace("\u2019", "'")) is not None


def from_agent(source: str) -> bool:
    """Whether ``source`` is an agent or an assistant (its name before any ``:``, folded)."""
    return source_key(source).split(":", 1)[0] in ECHO_SOURCES
