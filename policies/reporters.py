"""Who says what a clause states: whether a reporting verb has a subject other than the
speaker ("My sister thinks I ...", "Ana said ..."), and which quotations someone other
than the speaker says ('Ana told me: "I hate tea."', '"I live in Lyon," my boss said').

``policies/scope.py`` asks both for a claim's subject: a clause someone else reports, or one
inside someone else's quotation, is not the speaker's word.
"""

from __future__ import annotations

import re
from functools import lru_cache

from nousmem.policies.clauses import clean
from nousmem.policies.own_words import SINGLE_OPEN
from nousmem.policies.patterns import words
from nousmem.policies.sentences import TOKEN
from nousmem.policies.subject_words import ADVERBS, FIRST_PERSON, MODALS, NAME_STOP, PLAIN_NEG

__all__ = ["CLAUSE_PUNCT", "CLAUSE_STOPS", "REPORTING", "in_reported_quote", "reporter"]

CLAUSE_PUNCT = tuple(",;:!?.-\u2013\u2014")

# Verbs (and adjectives) that relay what someone thinks or said. Not "knows" or "heard":
# "Mom knows I work at Google" and "when they heard I got hired" take the clause as true.
REPORTING = words(
    "think thinks thought thinking believe believes believed believing say says said saying "
    "claim claims claimed claiming told tells tell telling insist insists insisted insisting "
    "assume assumes assumed reckon reckons figured figures swear swears swore suspect "
    "suspects suspected mentioned mentions wrote writes texted convinced sure"
)
# Words that end the search for a report: a new clause starts after them.
CLAUSE_STOPS = words(
    "but and or so because when while although though since if as until after before where "
    "how what why now like"
)
_PASSIVE = words("was were been 've")
# Not someone who reports: "*That* said", "Truth *be* told", "a lot *of* thought".
_NOT_REPORTERS = words(
    "that this it there what which who to be of a an the in on at for with by from gotta "
    "wanna let me so well yes yeah oh wow and but or also just really as like mentioned"
)
_DETERMINERS = words("my his her their our your the a an")
_REPORTER_PRONOUNS = words("he she they you everyone everybody people someone somebody mom dad mum")
# "I'm *pretty* sure", "I *kinda* think": the speaker's own hedge, not a reporter.
_DEGREE = words(
    "pretty fairly quite kinda sorta totally somehow 100% absolutely honestly seriously "
    "genuinely truly really actually certainly definitely probably personally sincerely "
    "apparently literally basically strongly firmly fully"
)
# "I never said I ..." denies having asserted it; "I never told my parents I ..." presupposes it.
# Lowercase reporters with no determiner: kin, roles, and who-pronouns.
_PEOPLE = words(
    "mom mum dad grandma grandpa granny nana mother father sister brother wife husband "
    "partner boss doctor teacher nobody everybody everyone someone somebody people anyone "
    "friends parents family folks coworkers colleagues"
)
_SAYING = words("say says said claim claims claimed")
# What may stand between a reporter and the reporting verb: "Mom *keeps* saying", "He*'s*
# telling", "I *don't really* think".
_BEFOREREPORTING = (
    ADVERBS
    | PLAIN_NEG
    | MODALS
    | words("do does did is are was were am 'm 's has have had been 've")
)
_BEFOREREPORTING |= words("keep keeps kept always here all too")


def reporter(toks: list[tuple[int, int, str]], j: int) -> bool:
    """Whether the reporting verb at token ``j`` has a subject that is not the speaker: a
    name, a pronoun, or a noun after "my"/"the"/"Bob's" ("my sister thinks", "Sam and Alex
    think", "everyone at work thinks"), or is a passive about the speaker ("I was told").
    Not the speaker's own ("I'm pretty sure", "I kinda think"), not a confirmation ("As you
    said", "Like Mom said"), not a function word ("That said", "Truth be told")."""
    k = j - 1
    passive = denied = False
    while (
        k >= 0
        and (
            (low := clean(toks[k][2])) in _BEFOREREPORTING
            or low in _DEGREE
            or (  # "secretly", not "Emily" nor "my family"
                low.endswith("ly")
                and toks[k][2][:1].islower()
                and (k == 0 or clean(toks[k - 1][2]) not in _DETERMINERS)
            )
        )
    ):
        passive = passive or low in _PASSIVE
        denied = denied or low in PLAIN_NEG or low.endswith("n't")
        k -= 1
    verb = clean(toks[j][2])
    if passive and verb == "told":
        return True
    if k < 0:
        return False  # "Just wanted to say ...": no subject is the speaker's own
    raw = toks[k][2].strip("\"'“”‘’()")
    low = clean(raw)
    if low in FIRST_PERSON and denied and verb in _SAYING:
        return True  # "I never said I live in Lyon": the clause is not the speaker's word
    if raw.rstrip().endswith(CLAUSE_PUNCT) or low in FIRST_PERSON or low in _NOT_REPORTERS:
        return False
    # The words before the reporter, back to its noun phrase's start: "As you said",
    # "the whole family", "my mother in law".
    for back in range(k - 1, max(k - 4, -1), -1):
        word = clean(toks[back][2])
        if word in ("as", "like"):
            return False  # the speaker confirms what someone said
        if word in _DETERMINERS or word.endswith("'s") or word in _REPORTER_PRONOUNS:
            return True
        if toks[back][2].rstrip().endswith(CLAUSE_PUNCT) or word in CLAUSE_STOPS:
            break
    if low.endswith("'s"):  # "He's telling", "Mom's saying"
        low = low[:-2]
    if low in _REPORTER_PRONOUNS:
        return True
    if raw[:1].isupper():
        return low not in NAME_STOP  # a name: "Sam reckons", "Emily thinks"
    return low in _PEOPLE  # "grandma thinks", "nobody thinks"; not "lol told you"


# Verbs that introduce someone's words in quotation marks, beyond those that report a
# clause: 'Ana asked, "..."', 'He replied: "..."'.
_QUOTING = REPORTING | words(
    "ask asks asked reply replies replied add adds added explain explains explained answer "
    "answers answered yell yells yelled shout shouts shouted whisper whispers whispered "
    "message messages messaged post posts posted write warn warns warned admit admits "
    "admitted joke jokes joked laugh laughs laughed announce announces announced confess "
    "confesses confessed complain complains complained note notes noted remark remarks "
    "remarked tease teases teased scream screams screamed cry cries cried sigh sighs sighed "
    "snap snaps snapped mutter mutters muttered"
)
# A quotation: double quotes (not inch marks: 'a 27" monitor'), curly quotes, or single
# quotes around words that end in a stop or a comma ("'I'm divorced,' Ana said"), not an
# apostrophe ("I'm", "the '90s", "my parents' place"). Bounded, so that a long line full of
# quote marks is read in linear time.
_QUOTATION = re.compile(
    r"(?<!\d)\"[^\"\n]{0,2000}?(?<!\d)\"|\u201c[^\u201d\n]{0,2000}?\u201d"
    r"|(?:^|(?<=[\s(:]))" + SINGLE_OPEN + r"(?:(?![.!?]\s+\S)[^\n]){1,300}?[,.!?]['\u2019]"
    r"(?=[\s.,;:!?)]|$)",
    re.MULTILINE,
)
# How far a reporting clause may stand from the quotation it introduces, in words: "told
# everyone at work:" is four; in characters, what is read around a quotation at most.
_INTRO_REACH = 6
_TAIL_REACH = 3
_AROUND = 200
# A quotation's words end a sentence or a clause before a reporting clause follows them:
# '"I hate tea," Ana said', '"Why?" she asked'.
_ENDS_SAID = (",", "!", "?", ',"', '!"', '?"')


def _tokens(text: str, base: int) -> list[tuple[int, int, str]]:
    return [(base + m.start(), base + m.end(), m.group(0)) for m in TOKEN.finditer(text)]


def _introduced(toks: list[tuple[int, int, str]]) -> bool | None:
    """Whether the words right before a quotation (``toks``, ending at its opening mark)
    introduce someone else's words ('Ana said,', 'My boss told me:', 'He told everyone at
    work:'), the speaker's own ('I told Ana:', 'I have to say:'), or none (None: no
    reporting verb in the clause, or the previous sentence ended right before it)."""
    last = len(toks) - 1
    if last < 0 or toks[last][2].rstrip("\"'\u201d\u2019)").endswith((".", "!", "?")):
        return None
    for j in range(last, max(last - _INTRO_REACH, -1), -1):
        raw = toks[j][2]
        low = clean(raw)
        if low in _QUOTING:
            if j > 0 and clean(toks[j - 1][2]) == "to":
                return False
            return reporter(toks, j)
        if (j < last and raw.rstrip().endswith(CLAUSE_PUNCT)) or low in CLAUSE_STOPS:
            return None
    return None


def _attributed(quoted: str, after: str, base: int) -> bool:
    """Whether the words right after a quotation name someone else as saying it: '"...,"
    Ana said', '"...", my boss wrote'. Only right after words that end in a comma, "!" or
    "?" (not '"I live in Lyon" and he said ...', nor a new sentence), and not ', I said'."""
    if not (quoted.rstrip("\"'\u201d\u2019").endswith((",", "!", "?")) or after.startswith(",")):
        return False
    toks = _tokens(after.lstrip(" ,"), base)
    for j, (_, _, raw) in enumerate(toks[:_TAIL_REACH]):
        low = clean(raw)
        if low in _QUOTING:
            return j > 0 and reporter(toks, j)
        if raw.rstrip().endswith(CLAUSE_PUNCT) or low in CLAUSE_STOPS:
            return False
    return False


@lru_cache(maxsize=256)
def _reported_quotes(content: str) -> tuple[tuple[int, int], ...]:
    out = []
    for m in _QUOTATION.finditer(content):
        a, b = m.span()
        start = max(0, a - _AROUND)
        line = content.rfind("\n", start, a) + 1 or start
        if line > 0 and not content[line:a].strip():
            # 'Ana told me:\n"I ..."': a line that ends in a colon introduces the next one.
            prev = max(0, content.rfind("\n", max(0, line - 1 - _AROUND), line - 1) + 1)
            if content[prev : line - 1].rstrip().endswith(":"):
                line = prev
        before = _tokens(content[line:a], line)
        if line == start > 0 and before and not content[start - 1].isspace():
            before = before[1:]  # cut inside a word
        said = _introduced(before)
        if said is None:
            tail = content[b : b + _AROUND].split("\n", 1)[0]
            said = _attributed(m.group(0), tail, b)
        if said:
            out.append((a, b))
    return tuple(out)


def in_reported_quote(content: str, at: int) -> bool:
    """Whether offset ``at`` of ``content`` lies inside a quotation that someone other than
    the speaker says: introduced by a reporting clause ('Ana told me: "I hate tea. I live
    in Lyon."') or, with none before it, followed by one ('"I live in Lyon," my boss said').

    A quotation runs within one line; one with no reporting clause (a title, a phrase the
    speaker quotes) or with the speaker's own ('I told Ana: "..."', '"...," I told her') is
    not someone else's.
    """
    if '"' not in content and "\u201c" not in content and "'" not in content:
        return False
    return any(a <= at < b for a, b in _reported_quotes(content))
