"""The FTS5 query of a read: which of the question's words the lexical channel looks for.

A fresh plan records the query (:func:`lexical_query`), so a replay runs the same one; the
relaxed query (:func:`relaxed_query`) is derived from the recorded plan and the read's
position, for the same reason.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from nousmem.policies.planner import QueryPlan
from nousmem.projections.lexical import MAX_QUERY_TERMS, fts_query, tokens
from nousmem.runtime.fact_lines import base_terms
from nousmem.runtime.projector import Projector

__all__ = ["few_matches", "lexical_query", "relaxed_query"]

# The shortest word a compound splits into ("roadtrip" -> "road trip"; not "season" ->
# "sea son", "carpet" -> "car pet").
_MIN_PART = 4
# The quoted terms of a query as lexical_query and fts_query write it: ``"a" OR "b c"``.
_PHRASE = re.compile(r'"([^"]*)"')

# Words that frame a question as a guess ("What job might Maria pursue?"): searched for,
# they match every turn that hedges, and those crowd the ranked window. Not "may" (the month).
_HEDGES = frozenset("likely might probably possibly perhaps".split())


def lexical_query(proj: Projector, plan: QueryPlan, as_of_seq: int | None = None) -> str | None:
    """The FTS5 query a fresh plan records (a replay reuses the recorded one).

    Names of the question's entities steer the entity channel. A speaker's name opens
    every turn they say, so it matches a large share of the index and only adds noise to
    BM25; so does any name in more than ``common_term_share`` of the observations. Those
    are left out. A rarer name of someone the speakers talk about stays: it is often the
    question's best word ("Where does Lena live?"), and no other channel finds the turns
    that mention her. Its hedges ("might", "likely") say nothing of what to find and are
    left out too. Other terms in more than ``common_term_share`` of the observations add
    little to BM25 but make FTS5 score most of the index, so they are dropped while rarer
    terms remain.
    """
    cap = proj.config.retrieval.common_term_share * max(1, proj.observations_at(as_of_seq))
    names = {
        t
        for n in plan.entities
        for t in tokens(n)
        if proj.speaks(n, as_of_seq) or _df(proj, t, as_of_seq) > cap
    }
    every = base_terms(plan.terms)
    terms = [t for t in every if t not in names and t not in _HEDGES] or every
    # "roadtrip" in a question, "road trip" in the turns (or both, in different turns).
    terms = list(dict.fromkeys(w for t in terms for w in _spellings(proj, t, as_of_seq)))
    df = {t: _df(proj, t, as_of_seq) for t in terms}
    rare = [t for t in terms if df[t] <= cap]
    if len(rare) >= 2:
        terms = rare
    elif len(terms) > 2:
        terms = sorted(terms, key=lambda t: (df[t], t))[:2]
    return _bounded(proj, terms, as_of_seq)


def relaxed_query(proj: Projector, plan: QueryPlan, as_of_seq: int | None = None) -> str | None:
    """Every term of the question, names included: the query behind the relaxed hits
    that fill the budget when the recorded query matches little. Derived from the
    recorded plan and the read's position, so a replay runs the same one."""
    q = _bounded(proj, base_terms(plan.terms), as_of_seq)
    return None if q == plan.fts else q


def few_matches(proj: Projector, fts: str | None, as_of_seq: int | None, fewer_than: int) -> bool:
    """Whether the observations holding the terms of ``fts`` (counted as of the position)
    are fewer than ``fewer_than``: its search cannot find that many by their own words."""
    terms = _PHRASE.findall(fts or "")
    return sum(_df(proj, t, as_of_seq) for t in terms if t.split()) < fewer_than


def _bounded(proj: Projector, terms: Sequence[str], as_of_seq: int | None) -> str | None:
    """Bound the postings FTS5 must score, rarest terms first, so a read costs about the
    same at any journal size (the rarest term always stays). Counts as of the read."""
    df = {t: _df(proj, t, as_of_seq) for t in terms}
    budget = proj.config.retrieval.max_postings
    kept: set[str] = set()
    used = 0
    for t in sorted(terms, key=lambda t: (df[t], t)):
        if kept and used + df[t] > budget:
            break
        kept.add(t)
        used += df[t]
    chosen = [t for t in terms if t in kept]
    if not any(" " in t for t in chosen):
        return fts_query(" ".join(chosen))
    return " OR ".join(f'"{t}"' for t in chosen[:MAX_QUERY_TERMS])


def _df(proj: Projector, term: str, as_of_seq: int | None) -> int:
    """Observations holding ``term``; for a phrase, at most those holding its rarest
    word."""
    return min(proj.doc_frequency(w, as_of_seq) for w in term.split())


def _spellings(proj: Projector, term: str, as_of_seq: int | None) -> tuple[str, ...]:
    """``term``, and the two words it joins when they are as common as it or more
    (``roadtrip`` -> ``road trip``, ``hometown`` -> ``home town``; not ``passionate``
    -> ``passion ate`` nor ``weekend`` -> ``week end``): the most even such split, each
    word at least four letters, looked for side by side.

    The word itself always stays, even when no turn's text holds it: the index matches
    stemmed forms ("season" finds "seasons") and captions and keywords, which these
    counts of whole words in turns do not see."""
    df = proj.doc_frequency
    if len(term) < 2 * _MIN_PART or not term.isalpha():
        return (term,)
    n = df(term, as_of_seq)
    splits = [
        (term[:i], term[i:])
        for i in range(_MIN_PART, len(term) - _MIN_PART + 1)
        if min(df(term[:i], as_of_seq), df(term[i:], as_of_seq)) >= max(n, 1)
    ]
    if not splits:
        return (term,)
    left, right = max(splits, key=lambda lr: (min(len(lr[0]), len(lr[1])), lr[0]))
    return (term, f"{left} {right}")
