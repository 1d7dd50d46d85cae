"""Rules for a marriage that ended: divorce and separation, by name or with "we" (and the
wedding a joint subject states: "Tom and I got married").

"Tom and I got divorced", "I divorced Tom", "I split up with Tom" deny Tom as spouse and
set the status (divorced, or separated for "split up"/"separated"); "We split up" and "I'm
no longer married" set the status only (which spouse they end is known to memory, not to
the sentence: ``policies/ended_marriage.py``). A divorce under way ("we're getting
divorced", "I'm divorcing Tom") is no claim: the marriage holds until it is done. A denied
one ("we never split up") is none either, rather than a marriage the speaker did not state.
``policies/rules.py`` places these rules among the spouse rules.
"""

from __future__ import annotations

from nousmem.policies.patterns import NAME, NAME_STOP, NAME_VAL, Rule, make_rule

__all__ = ["SEPARATION_RULES"]

_ENDED = r"(?i:divorced|separated|split\s+up|split|no\s+longer\s+married)"
# What may follow the verb: the clause's end, a time or a conjunction. Not an object: "we
# split the bill", "we got separated at the mall", "I'm no longer married to the idea".
_END = (
    r"(?=\s*(?:[.,;!?)]|$)"
    r"|\s+(?i:and|but|now|since|for|last|this|in|on|yesterday|recently|after|before|today"
    r"|when|because|ago|back|earlier|already|officially|finally|amicably|years?|months?"
    r"|weeks?|two|three|four|five|six|several|a\s+(?:year|month|week|few|couple))\b"
    r"|\s+\d)"
)
# Between a joint subject and its verb: "Tom and I *finally got* divorced", "we*'ve* split
# up", "we *are now* separated". Not a future or a denial ("will", "never"): no match.
_GAP = (
    r"(?:'ve|'re)?\s+(?:(?i:have|are|just|finally|officially|recently|now|both|already"
    r"|legally|eventually|got|been)\s+){0,3}"
)
_ANCHORS = "divorced separated split married"
# A joint subject's name starts at a name, not at "If" or "So" ("If Tom and I split up":
# the "if" must stay outside it to make the clause hypothetical).
_PERSON = r"\b(?!(?i:" + "|".join(sorted(NAME_STOP)) + r")\b)"
# A verb that names the other party: "divorced (from) Tom", "separated from Tom", "split
# (up) with/from Tom". Not a parent lost in a crowd ("separated from Mom at the mall").
_NAMED = (
    r"(?=(?i:divorced\s+(?:from\s+)?|(?:separated|split(?:\s+up)?)\s+(?:from|with)\s+)"
    r"(?!(?:Mom|Mum|Dad|Mother|Father|God)\b)" + NAME + r")"
)

# The verb after a joint subject, marked ``act`` for the subject walk and the scope.
_ACT = _GAP + r"(?P<act>" + _ENDED + ")" + _END
_JOINT = _PERSON + NAME + r"\s+(?i:and)\s+(?:I|me)|\b[Mm]e\s+(?i:and)\s+" + NAME
_STATUS_ACT = _GAP + r"(?P<act>(?P<val>" + _ENDED + "))" + _END

# A wedding with a joint subject: "Tom and I got married", "Me and Tom married in 2019". A
# wedding under way or to come ("we're getting married") is none, as "getting divorced".
_WED = r"(?i:married|wed)"
_WED_ACT = _GAP + r"(?P<act>" + _WED + ")" + _END
_WED_STATUS = _GAP + r"(?P<act>(?P<val>(?i:married)))" + _END

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
        "married",
        r"(?P<pair>" + _JOINT + r"|\b[Ww]e)" + _WED_STATUS,
        value="status",
        subject="pair",
    ),
    # "Tom and I split up", "Tom and me got divorced", "Me and Tom separated": Tom, and
    # the speaker.
    make_rule(
        "spouse",
        _ANCHORS,
        r"(?P<pair>" + _PERSON + NAME_VAL + r"\s+(?i:and)\s+(?:I|me))" + _ACT,
        value="name",
        subject="pair",
        negate=True,
        change=True,
    ),
    make_rule(
        "spouse",
        _ANCHORS,
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
        r"(?P<pair>" + _JOINT + r"|\b[Ww]e)" + _STATUS_ACT,
        value="status",
        subject="pair",
        change=True,
    ),
    # "I divorced Tom", "I'm divorced from Tom", "I split up with Tom".
    make_rule(
        "spouse",
        "divorced separated split",
        r"\b(?i:divorced(?:\s+from)?|separated\s+from|split\s+(?:up\s+)?(?:with|from))\s+"
        + NAME_VAL,
        value="name",
        negate=True,
        change=True,
        denial_drops=True,
        elide="past",
    ),
    make_rule(
        "relationship_status",
        "divorced separated split",
        r"\b" + _NAMED + r"(?P<val>(?i:divorced|separated|split(?:\s+up)?))",
        value="status",
        change=True,
        denial_drops=True,
        elide="past",
    ),
    # "I'm no longer married (to Tom)": divorced, the usual sense ("widowed" says the other).
    make_rule(
        "relationship_status",
        "married",
        r"(?i:'m|\bam|'s|\bis|\bare)\s+(?P<val>(?i:no\s+longer\s+married))"
        r"(?:" + _END + r"|(?=\s+(?i:to)\s+(?:" + NAME + r"|(?i:me)\b)))",
        value="status",
        change=True,
    ),
)
