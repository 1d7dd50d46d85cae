"""A contact detail the user asks memory to forget, held only in the words of their turns.

"My email is sam.lee@example.com" states no belief: an email address or a phone number is
personal data the risk scan finds (``policies/risk.py``), below the router's quarantine
threshold, so the turn is kept as said and served to reads. "Please forget my email
address" names the ``email`` attribute (``policies/forget_requests.py``), which holds no
value, so before this it invalidated nothing and the address went on being served.

Now such a request also invalidates each of the asker's own observations, said before it,
in which the scan finds a detail of that kind: an email address for "my email (address)",
a phone number for "my phone (number)". They leave every current read; the historical and
audit lenses still show them, with the request as the reason. Not another speaker's turns
(a tool's, an agent's), nor someone else's detail ("Forget my sister's email": ``whose``).
"""

from __future__ import annotations

from collections.abc import Mapping

from nousmem.policies.forget_requests import ForgetRequest
from nousmem.policies.risk import detect_risks
from nousmem.projections.models import Observation
from nousmem.runtime.docrows import DocRow

__all__ = ["PII_LABELS", "pii_turns"]

#: The attribute a request names -> the risk label of the detail it means.
PII_LABELS: Mapping[str, str] = {"email": "email", "phone": "phone"}


def pii_turns(request: ForgetRequest, obs: Observation, docs: Mapping[str, DocRow]) -> list[str]:
    """The event ids of ``obs.actor``'s observations before ``obs`` that hold a detail of
    the kind ``request`` names (see the module doc), in journal order."""
    labels = {PII_LABELS[a] for a in request.attributes if a in PII_LABELS}
    if not labels or request.form != "attribute" or request.whose or obs.actor is None:
        return []
    out: list[str] = []
    for row in docs.values():
        if row.kind != "observation" or row.actor != obs.actor:
            continue
        if obs.occurred_at is not None and row.occurred_at > obs.occurred_at:
            continue
        # Cheap tests first: an email has an "@", a phone number digits.
        if not (
            ("email" in labels and "@" in row.text) or ("phone" in labels and _digits(row.text))
        ):
            continue
        if any(f.label in labels for f in detect_risks(row.text)):
            out.append(row.event_id)
    return out


def _digits(text: str) -> bool:
    return sum(c.isdigit() for c in text) >= 10
