"""Retrieval metrics for the LoCoMo harness and their aggregation by category.

Per question and system (and budget):

- ``ev_any`` / ``ev_all`` / ``ev_frac``: turn-level evidence recall -- whether any / all /
  which fraction of the gold evidence ``dia_id``s are among the context's refs;
- ``sess_frac``: fraction of the evidence sessions (``D<N>``) that some context ref is from;
- ``ans_recall``: fraction of gold-answer tokens found in the rendered context, both
  normalised as LoCoMo's evaluation does (drop commas, lowercase, strip punctuation, drop
  a/an/the/and; tokens = whitespace split);
- ``ctx_words``: words in the rendered context (whitespace split).

Questions without usable evidence have no evidence metrics; questions without an answer have
no ``ans_recall``. Each aggregate carries its own ``n``.
"""

from __future__ import annotations

import math
import re
import string
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from benchmarks.locomo_data import session_of

METRICS = ("ev_any", "ev_all", "ev_frac", "sess_frac", "ans_recall", "ctx_words")
METRIC_TITLES = {
    "ev_any": "turn evidence recall, any (share of questions with >= 1 evidence turn)",
    "ev_all": "turn evidence recall, all (share of questions with every evidence turn)",
    "ev_frac": "turn evidence recall, fraction of evidence turns in context",
    "sess_frac": "session recall, fraction of evidence sessions covered",
    "ans_recall": "answer-token recall of the rendered context (LoCoMo normalisation)",
    "ctx_words": "context size, words",
}
MAIN_CATEGORIES = (1, 2, 3, 4)
ADVERSARIAL = 5

_NO_PUNCT = str.maketrans("", "", string.punctuation)
_ARTICLES = re.compile(r"\b(a|an|the|and)\b")


def normalize_answer(s: str) -> str:
    """LoCoMo's ``normalize_answer``: commas out, lower, punctuation out, articles out."""
    s = s.replace(",", "")
    s = s.lower()
    s = s.translate(_NO_PUNCT)
    s = _ARTICLES.sub(" ", s)
    return " ".join(s.split())


def answer_tokens(s: str) -> list[str]:
    return normalize_answer(s).split()


@lru_cache(maxsize=32)
def _token_set(context: str) -> frozenset[str]:
    # The same long context (e.g. the full conversation) is scored for many questions.
    return frozenset(answer_tokens(context))


@dataclass(frozen=True, slots=True)
class Scored:
    """Metrics of one context for one question (None where undefined)."""

    ev_any: float | None
    ev_all: float | None
    ev_frac: float | None
    sess_frac: float | None
    ans_recall: float | None
    ctx_words: float

    def as_dict(self) -> dict[str, float | None]:
        return {m: getattr(self, m) for m in METRICS}


def score(evidence: Sequence[str], gold: str | None, refs: Iterable[str], context: str) -> Scored:
    """Score one retrieved context (``refs``: the dia_ids it came from; ``context``: text)."""
    ref_set = {r for r in refs if isinstance(r, str)}
    ev_any = ev_all = ev_frac = sess_frac = None
    if evidence:
        hit = sum(1 for e in evidence if e in ref_set)
        ev_any = 1.0 if hit else 0.0
        ev_all = 1.0 if hit == len(evidence) else 0.0
        ev_frac = hit / len(evidence)
        gold_sessions = {s for e in evidence if (s := session_of(e))}
        ref_sessions = {s for r in ref_set if (s := session_of(r))}
        if gold_sessions:
            sess_frac = len(gold_sessions & ref_sessions) / len(gold_sessions)
    ans = None
    if gold is not None:
        toks = answer_tokens(gold)
        if toks:
            ctx = _token_set(context)
            ans = sum(1 for t in toks if t in ctx) / len(toks)
    return Scored(ev_any, ev_all, ev_frac, sess_frac, ans, float(len(context.split())))


def _mean(xs: Sequence[float]) -> float:
    return sum(xs) / len(xs) if xs else math.nan


def aggregate(records: Sequence[tuple[int, Scored]]) -> dict[str, Any]:
    """``records``: (category, scores). Returns by_category, macro (1-4) and adversarial.

    ``macro`` is the unweighted mean of the category means of 1-4 that have data.
    """
    by_cat: dict[str, dict[str, Any]] = {}
    for cat in (*MAIN_CATEGORIES, ADVERSARIAL):
        rows = [s for c, s in records if c == cat]
        entry: dict[str, Any] = {"questions": len(rows)}
        for m in METRICS:
            vals = [v for s in rows if (v := getattr(s, m)) is not None]
            entry[m] = _mean(vals)
            entry[f"{m}_n"] = len(vals)
        by_cat[str(cat)] = entry
    macro: dict[str, Any] = {"questions": sum(by_cat[str(c)]["questions"] for c in MAIN_CATEGORIES)}
    for m in METRICS:
        means = [by_cat[str(c)][m] for c in MAIN_CATEGORIES if not math.isnan(by_cat[str(c)][m])]
        macro[m] = _mean(means)
    return {
        "by_category": {k: v for k, v in by_cat.items() if k != str(ADVERSARIAL)},
        "macro": macro,
        "adversarial": by_cat[str(ADVERSARIAL)],
    }
