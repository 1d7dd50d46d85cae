"""The rule extractor: deterministic (entity, attribute, value) claims from plain sentences.

``RuleExtractor().extract_sync(obs)`` returns the caller's claims (``obs.claims``) unchanged,
followed by claims read from ``obs.content`` sentence by sentence with the rules in
``policies/rules.py``. It is a pure function of the observation: no I/O, no clock (relative
time is resolved against ``obs.occurred_at``), no randomness.

How a claim is read, in short (docs/extraction.md has the full story and the limits):

* Questions produce nothing. A rule runs only if one of its anchor words is in the sentence.
* The subject is found by walking back from the verb over auxiliaries and adverbs: "I" ->
  ``obs.actor``, a capitalised name -> that name, "we"/"you"/"he"/... -> no claim. After
  "and" or a comma the sentence's first subject carries over. A sentence that opens with a
  past-tense verb ("Went hiking today!") is the speaker's.
* Negators met on that walk (or "anymore" after the value) negate the claim; "no longer",
  "stopped", "used to", "quit" also mark it as a change. "don't like X" becomes dislikes X.
  "neither X nor Y" negates both. A joint subject with the speaker ("Tom and I split up",
  "we got divorced") is the speaker, in the rules written for it.
* Modals ("I would ...") and "if"/"wish" before the subject ("If I worked at ...", "I wish
  I lived in ...") make the clause hypothetical: no claim, except goals.
* Hedges ("I think", "I don't think", "maybe", ...) halve the confidence and set ``hedged``.
* A future ("I will move to ...") or an ended state ("In 2010 I worked at ...") sets no
  present state, and what someone else thinks or said about the speaker ("My sister thinks
  I live in ...") is no claim (``policies/scope.py``). A state to come is a plan, a goal
  (``policies/plans.py``). One match becomes claims in ``policies/match_claims.py``.
* The first time expression of the clause (else of the sentence) sets ``valid_at``.
"""

from __future__ import annotations

import re

from nousmem.policies.birthdays import turned_birthdays
from nousmem.policies.claim_conflicts import settled, with_replaced, with_turnarounds
from nousmem.policies.clause_leads import supposed
from nousmem.policies.corrections import corrections, replacements
from nousmem.policies.forget_requests import forget_requests
from nousmem.policies.hired_people import hired_by_people
from nousmem.policies.instructions import instruction_claims
from nousmem.policies.introductions import introductions
from nousmem.policies.match_claims import Factors, match_claims
from nousmem.policies.own_words import others, own_part, starts_fiction
from nousmem.policies.paren_ages import paren_ages
from nousmem.policies.pescatarian import as_pescatarian
from nousmem.policies.pet_names import named_later, without_bare_twins
from nousmem.policies.plans import PLAN_ATTRIBUTE, without_restated_plans
from nousmem.policies.pronoun_kin import pronoun_kin
from nousmem.policies.pronoun_subject import pronoun_claims
from nousmem.policies.rules import ANCHOR_INDEX, ANCHOR_WORD, RULES
from nousmem.policies.sentences import Doc, Sentence, sentences
from nousmem.policies.timeexpr import TimeMention, resolve_time_expressions
from nousmem.projections.belief_models import match_key
from nousmem.projections.models import Claim, Observation

__all__ = ["RuleExtractor", "extract_time_mentions"]

_QUESTION_START = re.compile(
    r"^\W*(?:do|does|did|are|is|was|were|have|has|can|could|would|will|should)\s+"
    r"(?:you|u|ya|we|they|he|she)\b",
    re.IGNORECASE,
)
# A request in a question's form is no question: "Can you remind me to call Mom?", "Could
# you set a reminder to pay the rent?".
_ASKS_REMINDER = re.compile(
    r"^\W*(?:can|could|would|will)\s+(?:you|u)\s+(?:please\s+)?"
    r"(?:remind\s+(?:me|us)\s+(?:to|about)\b|(?:set|create)\s+(?:a|an)\s+reminder\b)",
    re.IGNORECASE,
)
_ANCHOR_WORDS = frozenset(ANCHOR_INDEX)
_GOAL_RULES = frozenset(i for i, r in enumerate(RULES) if r.attribute == PLAN_ATTRIBUTE)


class RuleExtractor:
    """Pattern-based claim extractor (``name = "rule"``); deterministic, no model calls.

    ``base_confidence`` is the confidence of a plain first-hand statement; a hedged one is
    multiplied by ``hedge_factor`` and one without a spoken subject by ``elided_factor``.
    """

    name: str = "rule"

    def __init__(
        self,
        *,
        base_confidence: float = 0.9,
        hedge_factor: float = 0.5,
        elided_factor: float = 0.85,
    ) -> None:
        self.base_confidence = base_confidence
        self.hedge_factor = hedge_factor
        self.elided_factor = elided_factor
        self._factors = Factors(base_confidence, hedge_factor, elided_factor)

    async def extract(self, obs: Observation) -> list[Claim]:
        """Return ``obs.claims`` followed by the claims the rules find in ``obs.content``."""
        return self.extract_sync(obs)

    def extract_sync(self, obs: Observation) -> list[Claim]:
        """Synchronous ``extract``: caller claims first, then rule claims in text order."""
        out = list(obs.claims)
        seen: set[tuple[str, str, str, str]] = {
            (match_key(c.entity), c.attribute, _said_once(c.value), c.polarity) for c in out
        }
        content = obs.content.replace("’", "'")  # same length, so offsets still hold
        # "Hi, I'm Priya, a nurse": the name, and the rest read as "I'm a nurse". "Two
        # kids, Lily (7) and Ben (4)": the ages, and the list read without them.
        intro = introductions(content, obs.actor)
        ages = paren_ages(intro.text)
        said = self._rule_claims(obs, ages.text, seen)
        # "Lily is turning 6 on Saturday": the day is her birthday.
        born = turned_birthdays(content, obs.actor, obs.occurred_at)
        # "Emma lives in Denver with her husband Mark": Emma's spouse.
        kin = pronoun_kin(content)
        for c in (*intro.claims, *ages.claims, *born, *kin):
            key = (match_key(c.entity), c.attribute, _said_once(c.value), c.polarity)
            if key not in seen:
                seen.add(key)
                said.append(c)
        # "My daughter's name is Mia, not Maya": the value after "not" is denied.
        # "I don't live in Boston, it's Cambridge": the value after "it's" holds instead.
        said = sorted(
            [*said, *corrections(content, said), *replacements(content, said)],
            key=lambda c: (c.span or (0, 0))[0],
        )
        said = named_later(content, said)  # "We got a puppy! His name is Biscuit."
        said = as_pescatarian(said, content, obs.actor)  # "I'm a vegetarian but I eat fish"
        said = without_bare_twins(said)  # "Mochi is my rabbit": one rabbit, named
        said = hired_by_people(said, content)  # "My manager Tom hired me": no employer Tom
        # "My sister Maya got a job. She works at Google.": Maya's employer.
        told_of = pronoun_claims(content, obs, said, self.extract_sync)
        for c in told_of:
            key = (match_key(c.entity), c.attribute, _said_once(c.value), c.polarity)
            if key not in seen:
                seen.add(key)
                said.append(c)
        if told_of:
            said.sort(key=lambda c: (c.span or (0, 0))[0])
        # What a request to forget names is not said: "Forget that I work at Acme and that
        # I live in Lyon" states neither (the clause walk sees only the first), nor does
        # "Forget about my dog Rex" state a dog.
        asked = [r.span for r in forget_requests(content)]
        out.extend(c for c in said if not _inside(c.span, asked))
        told = []
        for c in instruction_claims(obs, content, self.base_confidence):
            key = (match_key(c.entity), c.attribute, _said_once(c.value), c.polarity)
            if key not in seen:
                seen.add(key)
                told.append(c)
        if not told:
            return out
        # Rule claims come in text order; instructions join them where they were said.
        said = sorted([*out[len(obs.claims) :], *told], key=lambda c: (c.span or (0, 0))[0])
        return [*obs.claims, *said]

    def _rule_claims(
        self, obs: Observation, content: str, seen: set[tuple[str, str, str, str]]
    ) -> list[Claim]:
        """The claims the rule table reads in ``content``, in text order (``seen`` grows)."""
        out: list[Claim] = []
        if _ANCHOR_WORDS.isdisjoint(ANCHOR_WORD.findall(content.lower())):
            return out  # the common case in chat: no rule can fire
        doc = Doc(content, obs.occurred_at)
        passed = others(content)  # pasted, forwarded, quoted or code: not the speaker's word
        quoted: list[tuple[int, int]] | None = None  # double quotes too, for some rules
        for m in sentences(content):
            if starts_fiction(m.group(0)):
                break
            end = own_part(m.start(), m.end(), passed)
            if end is None:
                continue
            text = content[m.start() : end]
            if (
                text.rstrip().endswith("?") or _QUESTION_START.match(text)
            ) and not _ASKS_REMINDER.match(text):
                continue
            hits: set[int] = set()
            for word in _ANCHOR_WORDS.intersection(ANCHOR_WORD.findall(text.lower())):
                hits.update(ANCHOR_INDEX[word])
            if not hits:
                continue
            sent = Sentence(text, m.start(), doc)
            found: list[tuple[int, int, int, Claim]] = []
            for idx in sorted(hits):
                rule = RULES[idx]
                pos = 0
                # Search again from the start of the value rather than the end of the match:
                # the raw value may swallow a second trigger ("... and Alice went to ...").
                while (match := rule.regex.search(text, pos)) is not None:
                    if rule.settled and supposed(text, match.start()):
                        pos = match.start() + 1
                        continue
                    if rule.unquoted:
                        if quoted is None:
                            quoted = others(content, instructions=True).spans
                        at = m.start() + match.start()
                        if any(a <= at < b for a, b in quoted):
                            pos = match.start() + 1
                            continue
                    for n, claim in enumerate(match_claims(rule, match, sent, obs, self._factors)):
                        found.append((match.start(), idx, n, claim))
                    resume = match.start("val") if "val" in rule.regex.groupindex else -1
                    if "pair" in rule.regex.groupindex:
                        # Past the joint subject: "Jean-Luc and I", not "Luc and I" again.
                        resume = max(resume, match.end("pair"))
                    pos = max(match.start() + 1, resume)
            found.sort(key=lambda f: f[:3])
            found = without_restated_plans(found, _GOAL_RULES)
            kept = with_turnarounds(settled(found, content), content)
            for claim in with_replaced(kept, content):
                key = (match_key(claim.entity), claim.attribute, _said_once(claim.value))
                if (*key, claim.polarity) not in seen:
                    seen.add((*key, claim.polarity))
                    out.append(claim)
        return out


def extract_time_mentions(obs: Observation) -> list[TimeMention]:
    """Time expressions in ``obs.content`` resolved against ``obs.occurred_at`` ([] if unset)."""
    if obs.occurred_at is None:
        return []
    return resolve_time_expressions(obs.content, obs.occurred_at)


_ARTICLE = re.compile(r"\b(?:the|a|an)\s+")


def _said_once(value: str) -> str:
    """A rule value's key for telling two rules' readings of one phrase apart: "trip to the
    East Coast" and "trip to East Coast" (one rule keeps the article, one drops it) are one
    value, the first read."""
    return _ARTICLE.sub("", match_key(value))


def _inside(span: tuple[int, int] | None, spans: list[tuple[int, int]]) -> bool:
    return span is not None and any(a <= span[0] and span[1] <= b for a, b in spans)
