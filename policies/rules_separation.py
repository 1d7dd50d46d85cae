"""Rules for a marriage that ended: divorce and separation, by name or with "we" (and the
wedding a joint subject states: "Tom and I got married").

"Tom and I got divorced", "I divorced Tom", "I split up with Tom" deny Tom as spouse and
set the status (divorced, or separated for "split up"/"separated"); "We split up", "I'm
no longer married", "I divorced my husband" and "My divorce was finalized" set the status
only (which spouse they end is known to memory, not to the sentence:
``policies/ended_marriage.py``). A divorce under way ("we're getting
divorced", "I'm divorcing Tom") is no claim: the marriage holds until it is done. A denied
one ("we never split up") is none either, rather than a marriage the speaker did not state.
So is a divorce followed by anything but the clause's end, a time or a new clause ("we
split two pizzas", "we got separated in the crowd"): a misread divorce deletes a real
spouse, a missed one only waits to be said again.
``policies/rules.py`` places these rules among the spouse rules.
"""

from __future__ import annotations

from nousmem.policies.letters import LOWER, UPPER
from nousmem.policies.patterns import NAME, NAME_VAL, NOT_WORD, SPOUSE, Rule, make_rule
from nousmem.policies.subject_words import NAME_STOP

__all__ = ["NOT_BUSY", "SEPARATION_RULES"]

_ENDED = r"(?i:divorced|separated|split\s+up|split|no\s+longer\s+married)"
# What may follow the verb: only the clause's end, a time or a new clause ("and it was
# hard", "but we're friends"). Not an object or a place: "we split two pizzas", "we split
# 50/50", "we got separated in the crowd", "we split up and searched the woods", "I got
# separated from Tom at the mall". A divorce said some other way is missed, on purpose: a
# misread one denies a real spouse.
_MONTH = (
    r"(?:January|February|March|April|May|June|July|August|September|October|November"
    r"|December)"
)
_COUNT = (
    r"(?:\d+|an?|one|two|three|four|five|six|seven|eight|nine|ten|twenty|several|many"
    r"|a\s+few|a\s+couple(?:\s+of)?)\s+(?:years?|months?|weeks?|days?)"
)
_WHEN = (
    r"(?i:(?:in|back\s+in)\s+(?:\d{4}|" + _MONTH + r"|the\s+(?:spring|summer|fall|autumn"
    r"|winter))|(?:last|that)\s+(?:year|month|week|weekend|spring|summer|fall|autumn"
    r"|winter|"
    + _MONTH
    + r")|"
    + _COUNT
    + r"\s+(?:ago|back|later)|(?:for|after)\s+"
    + _COUNT
    + r"|since|yesterday|recently|earlier|lately|years\s+ago|long\s+ago|ages\s+ago"
    r"|back\s+then)\b"
)
# A new clause has its own subject: a pronoun or a name (case matters for the name).
_CLAUSE = (
    r"(?i:and|but|because)\s+(?:(?i:I|I'm|we|we're|he|she|it|it's|they|that|that's|this"
    r"|there|now|then)\b|[" + UPPER + "])"
)
_STOP = r"(?:\s*(?:[.,;:!?)\"\u2013\u2014]|$)|\s+-\s|\s+" + _CLAUSE + ")"
# A time must end the clause too: "We split up yesterday to cover more ground" is no divorce.
_AFTER = r"(?:" + _STOP + r"|\s+" + _WHEN + _STOP + ")"
_END = (
    r"(?=(?:\s+(?i:now|already|officially|finally|amicably|legally|again|for\s+good))?"
    + _AFTER
    + ")"
)
# Between a joint subject and its verb: "Tom and I *finally got* divorced", "we*'ve* split
# up", "we *are now* separated". Not a future or a denial ("will", "never"): no match.
_GAP = (
    r"(?:'ve|'re)?\s+(?:(?i:have|are|just|finally|officially|recently|now|both|already"
    r"|legally|eventually|got|been)\s+){0,3}"
)
_ANCHORS = "divorced separated split married"
# A joint subject's name starts at a name, not at a capitalised opener: "If Tom and I split
# up" (the "if" must stay outside it to make the clause hypothetical), "Suppose Tom and I",
# "Sadly Tom and I" (an adverb in -ly before a name; "Emily and I" is a name).
_OPENERS = (
    "suppose supposing imagine pretend say maybe perhaps even still now because although "
    "though unless whether until besides"
)
_PERSON = (
    r"\b(?!(?i:" + "|".join(sorted(NAME_STOP | set(_OPENERS.split()))) + r")\b)"
    r"(?![" + UPPER + "][" + LOWER + r"]+ly\s+[" + UPPER + "])"
)
# A verb that names the other party: "divorced (from) Tom", "separated from Tom", "split
# (up) with/from Tom", and nothing after the name but the clause's end, a time or a new
# clause. Not a parent lost in a crowd ("separated from Mom at the mall"), nor a husband
# lost there ("separated from Tom at the mall"), nor a product ("I divorced Google Drive
# and moved to Dropbox"). The name is one the spouse rule reads too: an ex called "June",
# which it refuses, must not leave a status that ends the current marriage instead.
_NAMED = (
    r"(?=(?i:divorced\s+(?:from\s+)?|(?:separated|split(?:\s+up)?)\s+(?:from|with)\s+)"
    r"(?!(?:Mom|Mum|Dad|Mother|Father|God)\b)" + _PERSON + NAME + _END + ")"
)

# ... and one that names the spouse by noun (and perhaps by name too: "I divorced my
# husband, Jake", "I'm separated from my wife Ana"; a name there is the one the marriage
# was with): "I divorced my husband", "I'm separated from my wife", "I split up with my
# husband last year". Unnamed, the status alone: which spouse it ends is the one memory
# holds (``policies/ended_marriage.py``), as for "We split up". "Separated from / split up
# with my husband" ends more strictly than the named forms: only at the sentence's end or
# a time there ("I split up with my husband and we each searched an aisle" is a shop; "for
# a few days", a trip or a crowd, so "for/after <count>" only in months or years), and not
# "got/was/were separated from my husband", as often a crowd ("..., but I found him").
# "Divorced (from) my husband" ends as the named forms do.
_FOR_COUNT = r"|(?:for|after)\s+" + _COUNT
assert _FOR_COUNT in _END and _FOR_COUNT in _WHEN
_LONG = r"|(?:for|after)\s+" + _COUNT.replace(
    r"(?:years?|months?|weeks?|days?)", r"(?:years?|months?)"
)
_WHEN_LONG = _WHEN.replace(_FOR_COUNT, _LONG)
assert _WHEN_LONG != _WHEN
_SENTENCE_END = (
    r",?(?=(?:\s*,?\s+" + _WHEN_LONG + r")?"
    r"(?:\s*(?:[.!?;:]|$)|\s*,(?!\s*(?i:and)\b)|\s+(?i:but|because|so|since|although|though)\b))"
)
# A divorce's object may be followed by the speaker's next act: "I divorced my husband
# (Jake) and moved to Boston".
_DIVORCE_END = r"(?:" + _END + r"|(?=\s+(?i:and)\s+[a-z]+ed\b))"
_MY_SPOUSE = r"(?i:my)\s+(?:(?i:ex-|ex\s+|former\s+))?" + SPOUSE
# A name, not the next clause's "I": "Since I divorced my husband, I've been happier".
_NOT_I = r"(?!I\b|I['\u2019])"
_NAMED_TOO = r"(?:\s*,?\s+" + _NOT_I + _PERSON + NAME + ")?"
_DIVORCED_FROM = r"(?i:divorced\s+(?:from\s+)?)"
_SEPARATED_FROM = (
    r"(?=(?i:separated|split))(?<!(?i:got)\s)(?<!(?i:was)\s)(?<!(?i:were)\s)"
    r"(?i:(?:separated|split(?:\s+up)?)\s+(?:from|with)\s+)"
)
_BY_NOUN = (
    r"(?=" + _DIVORCED_FROM + _MY_SPOUSE + _NAMED_TOO + _DIVORCE_END + ")"
    r"|(?=" + _SEPARATED_FROM + _MY_SPOUSE + _NAMED_TOO + _SENTENCE_END + ")"
)
# The verb that ended it, as the status (after a lookahead for what it names).
_ENDED_VERB = r"(?P<val>(?i:divorced|separated|split(?:\s+up)?))"
# "My divorce was finalized", "My divorce went through", "My divorce is final now"; not one
# supposed or awaited ("If my divorce went through", "When my divorce is final"): the rule is
# ``settled``, which the possessor's walk alone would not see.
_FINAL = (
    r"\s+(?i:was|is|has\s+been|got|just\s+got|finally\s+got)\s+"
    r"(?:(?i:now|finally|officially|just)\s+)?(?i:finali[sz]ed|final|official|granted)"
    r"|\s+(?:(?i:finally|officially|just)\s+)?(?i:went|came|has\s+gone|has\s+come)\s+through"
)

# The verb after a joint subject, marked ``act`` for the subject walk and the scope.
# ("broke up" too: "Tom and I broke up" ends Tom as the spouse held, though no status.)
_ACT = _GAP + r"(?P<act>" + _ENDED + r"|(?i:broke\s+up))" + _END
_JOINT = _PERSON + NAME + r"\s+(?i:and)\s+(?:I|me)|\b[Mm]e\s+(?i:and)\s+" + NAME
# "My husband and I split up", "Me and my wife separated": the spouse, unnamed (not "my
# partner" or "my ex": neither need be the spouse memory holds).
_SPOUSE_PAIR = (
    r"\b(?:[Mm]y|[Oo]ur)\s+(?i:husband|wife|spouse|hubby)\s+(?i:and)\s+(?:I|me)"
    r"|\b[Mm]e\s+(?i:and)\s+(?i:my)\s+(?i:husband|wife|spouse|hubby)"
)
_STATUS_ACT = _GAP + r"(?P<act>(?P<val>" + _ENDED + "))" + _END

# A wedding with a joint subject: "Tom and I got married", "Me and Tom married in 2019". A
# wedding under way or to come ("we're getting married") is none, as "getting divorced".
_WED = r"(?i:married|wed)"
# A wedding may be said with its place ("Tom and I got married in Paris"): nothing is
# lost by reading one, so the looser end.
_WED_END = (
    r"(?=\s*(?:[.,;!?)]|$)"
    r"|\s+(?i:and|but|now|since|for|last|this|in|on|yesterday|recently|after|before|today"
    r"|when|because|ago|back|earlier|already|officially|finally|years?|months?|weeks?|two"
    r"|three|four|five|six|several|a\s+(?:year|month|week|few|couple))\b|\s+\d)"
)
_WED_ACT = _GAP + r"(?P<act>" + _WED + ")" + _WED_END
# After "engaged": not "engaged in talks", "engaged with customers" (busy, not betrothed).
NOT_BUSY = r"(?!\s+(?:in|with)\s+(?-i:[a-z]))"
# "We got married / engaged (in Paris)": the speaker's status.
_WED_STATUS = _GAP + r"(?P<act>(?P<val>(?i:married|engaged" + NOT_BUSY + ")))" + _WED_END

SEPARATION_RULES: tuple[Rule, ...] = (
    # "Tom and I got married", "Me and Tom married": Tom is the speaker's spouse, and the
    # speaker is married (not Tom alone, whom "Me and Tom" puts first).
    make_rule(
        "spouse",
        "married wed",
        r"(?P<pair>" + _PERSON + NAME_VAL + r"\s+(?i:and)\s+(?:I|me))" + _WED_ACT,
        value="name",
        subject="pair",
    ),
    make_rule(
        "spouse",
        "married wed",
        r"(?P<pair>\b[Mm]e\s+(?i:and)\s+" + NAME_VAL + ")" + _WED_ACT,
        value="name",
        subject="pair",
    ),
    make_rule(
        "relationship_status",
        "married engaged",
        r"(?P<pair>" + _JOINT + r"|\b[Ww]e)" + _WED_STATUS,
        value="status",
        subject="pair",
    ),
    # "Tom and I split up", "Tom and me got divorced", "Me and Tom separated": Tom, and
    # the speaker.
    make_rule(
        "spouse",
        _ANCHORS + " broke",
        r"(?P<pair>" + _PERSON + NAME_VAL + r"\s+(?i:and)\s+(?:I|me))" + _ACT,
        value="name",
        subject="pair",
        negate=True,
        change=True,
    ),
    make_rule(
        "spouse",
        _ANCHORS + " broke",
        r"(?P<pair>\b[Mm]e\s+(?i:and)\s+" + NAME_VAL + ")" + _ACT,
        value="name",
        subject="pair",
        negate=True,
        change=True,
    ),
    # ... and "We split up", "We're separated": the status, whoever the spouse was.
    make_rule(
        "relationship_status",
        _ANCHORS,
        r"(?P<pair>" + _JOINT + "|" + _SPOUSE_PAIR + r"|\b[Ww]e)" + _STATUS_ACT,
        value="status",
        subject="pair",
        change=True,
    ),
    # "I divorced Tom", "I'm divorced from Tom", "I split up with Tom".
    make_rule(
        "spouse",
        "divorced separated split",
        r"\b(?i:divorced(?:\s+from)?|separated\s+from|split\s+(?:up\s+)?(?:with|from))\s+"
        + NAME_VAL
        + _END,
        value="name",
        negate=True,
        change=True,
        denial_drops=True,
        elide="past",
    ),
    # "I broke up with Alex (last month)": a partner memory may hold as the spouse, named;
    # no status (a break-up ends dating as often as a marriage).
    make_rule(
        "spouse",
        "broke",
        r"\b(?i:broke\s+up\s+with)\s+" + _PERSON + NAME_VAL + _END,
        value="name",
        negate=True,
        change=True,
        denial_drops=True,
        elide="past",
    ),
    # "I broke up with my boyfriend (Tom) last month": dating ended, so the speaker is
    # single, and the partner memory holds is no longer (``policies/ended_marriage.py``).
    # Not a husband or a wife: that break-up is a separation the words do not state.
    make_rule(
        "relationship_status",
        "broke",
        r"\b(?i:broke\s+up\s+with)\s+(?i:my)\s+(?:(?i:long-?time|long-?distance|live-in)\s+)?"
        r"(?P<val>(?i:boyfriend|girlfriend|bf|gf|partner|fianc[eé]e?))(?![\w-])"
        + _NAMED_TOO
        + _END,
        value="status",
        template="single",
        change=True,
        denial_drops=True,
        elide="past",
        settled=True,
    ),
    # "I divorced my husband, Jake", "I split up with my wife Ana last year": Jake, Ana.
    make_rule(
        "spouse",
        "divorced",
        r"\b"
        + _DIVORCED_FROM
        + _MY_SPOUSE
        + r"\s*,?\s+"
        + _NOT_I
        + _PERSON
        + NAME_VAL
        + _DIVORCE_END,
        value="name",
        negate=True,
        change=True,
        denial_drops=True,
        elide="past",
        settled=True,
    ),
    make_rule(
        "spouse",
        "separated split",
        _SEPARATED_FROM + _MY_SPOUSE + r"\s*,?\s+" + _NOT_I + _PERSON + NAME_VAL + _SENTENCE_END,
        value="name",
        negate=True,
        change=True,
        denial_drops=True,
        elide="past",
        settled=True,
    ),
    make_rule(
        "relationship_status",
        "divorced separated split",
        r"\b" + _NAMED + _ENDED_VERB,
        value="status",
        change=True,
        denial_drops=True,
        elide="past",
    ),
    make_rule(
        "relationship_status",
        "divorced separated split",
        r"\b(?:" + _BY_NOUN + ")" + _ENDED_VERB,
        value="status",
        change=True,
        denial_drops=True,
        elide="past",
        solo=True,
        settled=True,  # not "I might split up with my wife"
    ),
    make_rule(
        "relationship_status",
        "divorce",
        r"(?P<poss>\b[Mm]y)\s+(?P<val>(?i:divorce))(?:" + _FINAL + ")" + _END,
        value="status",
        change=True,
        denial_drops=True,
        settled=True,
    ),
    # "I'm divorced", "I got separated", "Ana is divorced": one subject, not a joint one,
    # which the rules above read ("Ana and Tom got divorced" says nothing of Ana's spouse,
    # "Mom and I got separated at the concert" nothing of the speaker's). A divorce under
    # way ("getting divorced") ends no marriage yet.
    make_rule(
        "relationship_status",
        "divorced separated",
        r"(?i:'m|\bam|'s|\bis|\bare|\bgot|\bbecame|\bbeen)\s+"
        + NOT_WORD
        + r"(?:(?i:now|recently|finally|officially|newly|just|still|currently|legally)\s+)?"
        r"(?P<val>(?i:divorced|separated))"
        # ... or with the children after it: "I'm divorced with two kids".
        r"(?:" + _END + r"|(?=\s+(?i:with)\s+(?:\w+\s+){0,2}?(?i:kids?|children|child)\b))",
        value="status",
        elide="past",
        solo=True,
    ),
    # "I'm no longer married (to Tom)": divorced, the usual sense ("widowed" says the other).
    make_rule(
        "relationship_status",
        "married",
        r"(?i:'m|\bam|'s|\bis|\bare)\s+(?P<val>(?i:no\s+longer\s+married))"
        r"(?:" + _END + r"|(?=\s+(?i:to)\s+(?:" + NAME + r"|(?i:me)\b)" + _END + "))",
        value="status",
        change=True,
    ),
)

# Every rule here reads the speaker's own words only: a quoted divorce is someone else's.
SEPARATION_RULES = tuple(r.model_copy(update={"unquoted": True}) for r in SEPARATION_RULES)
