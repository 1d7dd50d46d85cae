"""What a sentence about "my sister" says of the sister memory knows, by name or by noun.

The rule extractor reads no claim of an unnamed relative: "My sister moved to Berlin" names
no one, and an entity called "my sister" would be every speaker's sister. But memory often
knows who is meant: the speaker introduced "my sister Maya" before. A governed write then
reads the sentence again as "Maya moved to Berlin" (:meth:`~.forget_kin.Relatives.one_meant`,
as a request to forget "where my sister lives" finds her) and keeps what it says of Maya.

Only where the noun means exactly one of the speaker's relatives (of two siblings, the one
introduced as a sister; a brother is never a sister). Where it may mean none (no sister
known, nor a sibling of no known noun), the sentence is about the relative memory knows by
the noun alone: an entity of that speaker's, "Lee's sister" (``Relatives.placeholder``),
which a question about "my sister" reaches and which ``rt.merge_entities`` can make one
with the sister once she is named. Where it may mean several, nothing is read. Never for
friends (memory knowing one friend says nothing of how many one has), only for a sentence
that starts with "my <noun>" and of which the extractor read nothing, and only with the
rule extractor: a plugged-in model reads the sentence its own way. Projections hold what
the write journals, so a rebuild never reads the sentence again: the same journal gives
the same beliefs.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from nousmem.policies.extract import RuleExtractor
from nousmem.policies.forget_requests import KIN_START
from nousmem.policies.sentences import sentences
from nousmem.projections.belief_models import match_key
from nousmem.projections.beliefs import BeliefStore
from nousmem.projections.models import Claim, Observation
from nousmem.runtime.docrows import DocRow
from nousmem.runtime.forget_kin import STAND_IN, Relatives, kin_noun, renamed

__all__ = ["kin_claims"]

_RULES = RuleExtractor()


def kin_claims(
    obs: Observation,
    claims: Sequence[Claim],
    beliefs: BeliefStore,
    docs: Mapping[str, DocRow],
) -> list[Claim]:
    """The claims of ``obs``'s "my <relative> ..." sentences about the one relative each
    means, spans in ``obs.content``; none where ``claims`` (the extractor's) already hold
    one of the sentence, or where the noun means no one or several."""
    content = obs.content.replace("’", "'")  # same length: offsets hold
    if obs.actor is None or "my " not in content.lower():
        return []
    spans = [c.span for c in claims if c.span is not None]
    kin: Relatives | None = None
    out: list[Claim] = []
    for piece in sentences(content):
        lo, hi = piece.start(), piece.end()
        text = content[lo:hi]
        start = KIN_START.match(text)
        if start is None or any(lo <= s < hi for s, _ in spans):
            continue
        kin = kin or Relatives(beliefs, docs, obs.actor)
        noun = kin_noun(start.group("kin"))
        rest = text[start.end() :]
        name = kin.one_meant(noun)
        if name is not None:
            out += _about(obs, name + rest, name, lo, start.end())
        elif (unnamed := kin.placeholder(noun)) is not None and not kin.known_any(noun):
            # Read with a stand-in name, which the claims then give up for the placeholder
            # (not in a message that holds the stand-in itself).
            if STAND_IN.casefold() not in content.casefold():
                said = _about(obs, STAND_IN + rest, STAND_IN, lo, start.end())
                out += [renamed(c, unnamed) for c in said]
    return out


def _about(obs: Observation, text: str, name: str, lo: int, noun_end: int) -> list[Claim]:
    """The rule claims of ``text`` (the sentence read with the relative's name) that
    involve ``name``, spans moved into the observation's content, where the sentence
    starts at ``lo`` and "my <noun>" ends ``noun_end`` characters into it."""
    shift = lo + noun_end - len(name)
    said = _RULES.extract_sync(obs.model_copy(update={"content": text, "claims": []}))
    key = match_key(name)
    out = []
    for c in said:
        if key not in (match_key(c.entity), match_key(c.value)):
            continue
        span = c.span
        if span is not None:
            # The name stands where "my sister" did: a span from it starts there.
            span = (lo if span[0] < len(name) else span[0] + shift, span[1] + shift)
        out.append(c.model_copy(update={"span": span}))
    return out
