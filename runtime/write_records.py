"""What a governed write journals beside the observation, built from the plan.

Redacted records of refused writes, the slim assessment ``impact.assessed`` stores, the
risks of short fields, and the edge a disagreeing revision leaves in the graph.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from nousmem.policies.impact import ImpactAssessment
from nousmem.policies.risk import CREDENTIAL_LABELS, RiskFinding, detect_risks, redact
from nousmem.policies.validators import Verdict
from nousmem.projections.belief_models import Revision
from nousmem.projections.models import Claim, Observation
from nousmem.projections.worldview import candidate_id, slot_kind_for
from nousmem.runtime.canonical import payload_digest
from nousmem.runtime.payloads import (
    EdgePayload,
    FallbackPayload,
    QuarantinePayload,
    RejectionPayload,
)
from nousmem.runtime.providers.fallback import ExtractionResult

__all__ = [
    "claim_texts",
    "conflict_edge",
    "fallback_payload",
    "field_risks",
    "journaled_assessment",
    "pair_risks",
    "quarantine_payload",
    "redact_tree",
    "redacted_observation",
    "redacted_verdicts",
    "rejection_payload",
    "risky_quotes",
]


Quote = tuple[str, RiskFinding]
"""A risky text one field of a write holds, with its finding: masked wherever it is quoted."""


def redact_tree(value: Any, quoted: Sequence[Quote] = ()) -> Any:
    """``value`` with every risky string redacted (for records of refused writes), and every
    text of ``quoted`` wherever a string quotes it (see :func:`risky_quotes`)."""
    if isinstance(value, str):
        return _masked(value, quoted)
    if isinstance(value, dict):  # a caller's metadata key is text as well
        return {redact_tree(k, quoted): redact_tree(v, quoted) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [redact_tree(v, quoted) for v in value]
    return value


def _masked(text: str, quoted: Sequence[Quote]) -> str:
    spans = list(detect_risks(text))
    for fragment, f in quoted:
        at = text.find(fragment)
        while at >= 0:
            spans.append(f.model_copy(update={"span": (at, at + len(fragment))}))
            at = text.find(fragment, at + 1)
    return redact(text, spans) if spans else text


def risky_quotes(obs: Observation) -> list[Quote]:
    """Every risky text the fields of ``obs`` besides its content hold. Alone the text may
    look like nothing: a key is a secret by its claim's attribute ("api_key" of
    "AKIA..."), or by its metadata key. A record masks it wherever it quotes it: in the
    content, another field, or a validator's reason."""
    texts = _field_texts(obs) + [_pair(c) for c in obs.claims]
    found = ((t[f.span[0] : f.span[1]], f) for t in texts for f in _short_text_risks(t))
    return [(fragment, f) for fragment, f in found if fragment]  # "" is quoted everywhere


def journaled_assessment(a: ImpactAssessment) -> ImpactAssessment:
    """The assessment as ``impact.assessed`` stores it: outcomes without their distributions.

    Each claim keeps every scalar (surprise, KL, entropies, modes, support); the prior and
    posterior lists live in the ``belief.revised`` delta when the claim is written, and an
    ``as_of`` read at the observation's ``seq`` recomputes them otherwise. Storing them twice
    doubled the bytes (and the serialisation time) of every governed write.
    """
    if not a.claims:
        return a
    claims = tuple(
        c.model_copy(
            update={
                "outcome": c.outcome.model_copy(
                    update={"prior": (), "prior_tail": 0.0, "posterior": (), "posterior_tail": 0.0}
                )
            }
        )
        for c in a.claims
    )
    return a.model_copy(update={"claims": claims})


def field_risks(obs: Observation, claims: Sequence[Claim]) -> list[RiskFinding]:
    """Risks outside the content.

    The actor, ref, keywords and every text of a claim (entity, attribute, value and the
    extractor's label: a caller, a tool or a model supplies them all) count whole. A claim
    text that quotes the content is scanned on its own too, but what the content's scan
    already found where it is quoted is not counted twice. The source and the metadata (keys
    and strings, at any depth) count only for secrets and prompt injection: they are the
    caller's structured data, where an email header or a sender's address is ordinary, not a
    reason to refuse the whole observation. One item (the same kind of finding on the same
    text, say an email address) counts once however many fields repeat it.

    Their spans do not point into the content, so they widen the span to nothing usable for
    redaction; they only decide quarantine (:func:`risky_quotes` masks in the content
    what they found).
    """
    texts = [obs.actor or "", obs.ref or "", *obs.keywords]
    found = [(t, f) for t in texts if t for f in _short_text_risks(t)]
    content = obs.content
    in_content: list[tuple[int, int]] | None = None
    for t in (t for c in claims for t in claim_texts(c)):
        own = _short_text_risks(t)
        if own and t in content:
            if in_content is None:
                in_content = [f.span for f in _short_text_risks(content)]
            # The content's own scan may miss it there ("41111111111111112" holds a card
            # number no pattern sees in it): only what it did find is already counted.
            own = tuple(f for f in own if not _echoed(content, t, f, in_content))
        found += [(t, f) for f in own]
    structured = [obs.source, *_strings(obs.metadata)] if obs.metadata else [obs.source]
    found += [(t, f) for t in structured if t for f in _short_text_risks(t) if _structured_risk(f)]
    # A number in the metadata is an id, a count or a score far more often than a card: only
    # its name makes it a secret ("pin: 4821") or a card ("card_number: 4111...").
    numbers = _numbers(obs.metadata)
    found += [
        (t, f)
        for t in numbers
        for f in _short_text_risks(t)
        if f.kind in _STRUCTURED_KINDS or (f.label in CREDENTIAL_LABELS and _CARD_KEY.search(t))
    ]
    return _once(content, found) + pair_risks(claims)


def _item(label: str, text: str, span: tuple[int, int]) -> tuple[str, str]:
    return label, " ".join(text[span[0] : span[1]].casefold().split())


def _once(content: str, found: list[tuple[str, RiskFinding]]) -> list[RiskFinding]:
    """``found`` without the items the content, or an earlier field, already holds: the
    risk score combines findings as independent, and one address in the content and a
    keyword is one address."""
    if not found:
        return []
    seen = {_item(f.label, content, f.span) for f in _short_text_risks(content)}
    out: list[RiskFinding] = []
    for text, f in found:
        key = _item(f.label, text, f.span)
        if key not in seen:
            seen.add(key)
            out.append(f)
    return out


def redacted_observation(obs: Observation, quoted: Sequence[Quote]) -> dict[str, Any]:
    """What a refusal record keeps of an attempted observation: every text redacted, and
    every text of ``quoted`` (:func:`risky_quotes` of ``obs``) wherever a field quotes it (a
    claim's card number the content's scan could not see inside a longer digit run, an
    ``api_key`` claim's value)."""
    out: dict[str, Any] = redact_tree(obs.model_dump(mode="json", exclude={"namespace"}), quoted)
    out["content"] = _masked(obs.content, quoted)
    return out


def redacted_verdicts(
    verdicts: Sequence[Verdict], quoted: Sequence[Quote] = ()
) -> tuple[Verdict, ...]:
    """Verdicts as a record keeps them. A validator's reason may quote the caller's text (a
    claim's value, a cited id, a target), and the audit lens shows reasons to the model: they
    are redacted as the attempted write is (``quoted``: see :func:`risky_quotes`)."""
    out: list[Verdict] = []
    for v in verdicts:
        reason = _masked(v.reason, quoted)
        out.append(v if reason == v.reason else v.model_copy(update={"reason": reason}))
    return tuple(out)


def claim_texts(c: Claim) -> tuple[str, ...]:
    """Every text of a claim that its author chose: the risk gate reads them all. The
    attribute is read with its separators as spaces too: a claim's attribute is stored as
    an identifier, "ignore_all_previous_instructions", in which no phrase would be found."""
    return (c.entity, c.attribute, _attribute_words(c.attribute), c.value, c.extractor)


def _attribute_words(attribute: str) -> str:
    """``ignore_all_previous_instructions`` as the words it spells."""
    return re.sub(r"[_.:/-]+", " ", attribute).strip()


def _pair(c: Claim) -> str:
    return f"{_attribute_words(c.attribute)}: {c.value}"


def pair_risks(claims: Sequence[Claim]) -> list[RiskFinding]:
    """Secrets and injections in each claim's attribute and value read together
    ("password: hunter2hunter2"): a secret is a name and a value, and neither alone looks
    like one. (A pair's personal data is already its value's own finding.)"""
    return [f for t in map(_pair, claims) for f in _short_text_risks(t) if _structured_risk(f)]


def _field_texts(obs: Observation) -> list[str]:
    """Every caller text of ``obs`` besides the content."""
    texts = [obs.actor or "", obs.ref or "", obs.source, *obs.keywords, *_strings(obs.metadata)]
    texts += [t for c in obs.claims for t in claim_texts(c)]
    return [t for t in texts if t]


def _echoed(content: str, text: str, f: RiskFinding, spans: Sequence[tuple[int, int]]) -> bool:
    """Whether a content finding covers ``f`` (a finding in ``text``) where ``content``
    quotes ``text``."""
    at = content.find(text)
    while at >= 0:
        mapped = (at + f.span[0], at + f.span[1])
        if any(s < mapped[1] and mapped[0] < e for s, e in spans):
            return True
        at = content.find(text, at + 1)
    return False


_STRUCTURED_KINDS = frozenset({"secret", "injection"})
# The name of a metadata number that holds a card ("card_number: 4111...", "cc: ...").
_CARD_KEY = re.compile(
    r"^[^:]*(?:card|credit|debit|visa|master|amex|(?<![a-z])cc|(?<![a-z])pan(?![a-z]))[^:]*:",
    re.I,
)


def _structured_risk(f: RiskFinding) -> bool:
    """What counts in a caller's structured data: secrets, injections, card numbers."""
    return f.kind in _STRUCTURED_KINDS or f.label in CREDENTIAL_LABELS


def _strings(value: Any) -> list[str]:
    """Every string in ``value``: dict keys and values, list items, at any depth, and each
    key with its string value ("password: hunter2hunter2"): a secret is a name and a value,
    and neither alone looks like one."""
    if isinstance(value, dict):
        out: list[str] = []
        for k, v in value.items():
            out += [*_strings(k), *_strings(v)]
            if isinstance(k, str) and isinstance(v, str):
                out.append(f"{k}: {v}")
        return out
    if isinstance(value, list | tuple):
        return [s for v in value for s in _strings(v)]
    return [value] if isinstance(value, str) else []


def _numbers(value: Any, path: str = "") -> list[str]:
    """Each number in ``value`` with the path of keys to it ("bank.pin: 4821",
    "card.number: 4111...", "cards: 4111...")."""
    if isinstance(value, dict):
        return [s for k, v in value.items() for s in _numbers(v, f"{path}.{k}" if path else str(k))]
    if isinstance(value, list | tuple):
        return [s for v in value for s in _numbers(v, path)]
    number = isinstance(value, int | float) and not isinstance(value, bool)
    return [f"{path}: {value}"] if number and path else []


@lru_cache(maxsize=4096)
def _cached_risks(text: str) -> tuple[RiskFinding, ...]:
    return tuple(detect_risks(text))


def _short_text_risks(text: str) -> tuple[RiskFinding, ...]:
    # Actors, refs, entity names and values repeat on almost every write; findings are
    # frozen and depend on the text alone, so short texts are scanned once.
    return _cached_risks(text) if len(text) <= 200 else tuple(detect_risks(text))


def conflict_edge(rev: Revision, out: Any, obs_id: str) -> EdgePayload | None:
    """Edge evidence when a revision disagrees with an established single value.

    Update language ("now", "moved to") supersedes the old value; a plain disagreement
    contradicts it, and the slot stays conflicted, whichever value leads, until later
    evidence settles it (see ``projections/disputes.py``).
    """
    if not (out.contradiction and out.established and out.mode_before) or out.back_dated:
        # A back-dated claim disagrees with the value held now only as an older state of
        # affairs: it folds at its date and contests nothing current.
        return None
    if out.cardinality != "single" or rev.polarity != "assert":
        return None
    kind = slot_kind_for(rev.attribute)
    old = candidate_id(kind, rev.entity, rev.attribute, out.mode_before)
    if rev.change:
        new = candidate_id(kind, rev.entity, rev.attribute, rev.value)
        return EdgePayload(
            verb="supersede",
            relation="supersedes",
            source=new,
            target=old,
            weight=rev.reliability,
            reason="update language",
        )
    return EdgePayload(
        verb="contradict",
        relation="contradicts",
        source=obs_id,
        target=old,
        weight=rev.reliability,
        reason=f"{rev.value!r} contradicts {out.mode_before!r}",
    )


def quarantine_payload(
    obs: Observation,
    findings: Sequence[RiskFinding],
    verdicts: Sequence[Verdict],
    fallback: FallbackPayload | None,
) -> QuarantinePayload:
    """The record of a quarantined write: the content redacted, its digest, the labels."""
    quoted = risky_quotes(obs)
    return QuarantinePayload(
        redacted=_masked(obs.content, quoted),
        content_digest=payload_digest(obs.content).hex(),
        labels=tuple(sorted({f.label for f in findings})) or ("risk",),
        verdicts=redacted_verdicts(verdicts, quoted),
        fallback=fallback,
    )


def rejection_payload(
    operation: str, obs: Observation, verdicts: Sequence[Verdict], extraction: ExtractionResult
) -> RejectionPayload:
    """The record of a write the validators refused (the attempt redacted)."""
    quoted = risky_quotes(obs)
    return RejectionPayload(
        operation=operation,
        attempted=redacted_observation(obs, quoted),
        verdicts=redacted_verdicts(verdicts, quoted),
        extractor=extraction.extractor,
        fallback=fallback_payload(extraction, None),
    )


def fallback_payload(extraction: ExtractionResult, obs_id: str | None) -> FallbackPayload | None:
    """The record of a provider's fallback to the rule extractor, if this extraction fell back."""
    fb = extraction.fallback
    if fb is None:
        return None
    return FallbackPayload(
        provider=fb.provider,
        error=fb.error,
        message=fb.message,
        fallback=fb.fallback,
        observation_id=obs_id,
    )
