"""Rules for where someone lives, has moved and comes from: ``location`` ("I live in
Porto", "We moved to Lisbon", "I moved out of Berlin", "I'm based in our London office")
and ``origin`` ("I'm originally from Peru", "I grew up in Iowa", "My hometown is Leeds").

Part of the rule table (``policies/rules.py`` assembles it, right after the employer
rules, where they always were); see ``patterns.Rule`` for what each option means.
"""

from __future__ import annotations

from nousmem.policies.brand_words import FAMILY_WORD, PLATFORM, SOFTWARE
from nousmem.policies.letters import LETTER, UPPER
from nousmem.policies.pastime_names import PASTIME
from nousmem.policies.patterns import CAP, NAME, POSS, VAL, Rule, make_rule
from nousmem.policies.timeexpr_patterns import DAY_RE, MONTH_RE

__all__ = ["HOME_RULES", "NOT_AN_OFFICE"]

# Not after a copula: there "leaving" / "moving" is a plan ("I'm leaving Acme to ...",
# "I'm moving out of Berlin").
_NOT_AFTER_COPULA = r"(?<!'m\s)(?<!\bam\s)(?<!'s\s)(?<!\bis\s)(?<!'re\s)(?<!\bare\s)"

# A workplace by its city: "our London office", "the Berlin HQ" (the city, group ``val``).
_CITY_OFFICE = r"\s+(?i:office|offices|hq|headquarters|campus)\b"
# A city or an organisation by its name: one or two capitalised words.
_PROPER = rf"[{UPPER}][\w&.-]*(?:\s+[{UPPER}][\w&.-]*)?"
_OFFICE = rf"(?P<val>{_PROPER})" + _CITY_OFFICE
# Whose office: "our", "the", "my" or an organisation's ("Google's London office").
_OFFICE_OF = rf"(?:(?i:our|the|my)|(?P<org>{_PROPER})'s)\s+"
NOT_AN_OFFICE = rf"(?!(?:(?i:our|the|my)|{_PROPER}'s)\s+{_PROPER}" + _CITY_OFFICE + ")"

HOME_RULES: tuple[Rule, ...] = (
    make_rule(
        "location",
        "live lives lived living reside resides resided residing based settled headquartered",
        r"\b(?i:live|lives|lived|living|reside|resides|resided|residing|based|settled"
        # An organisation's seat: "Acme Corp is headquartered in Berlin".
        r"|headquartered)\s+(?i:in)\s+"
        # A home described, whatever its words before ("a small apartment", "a tiny studio"):
        # the place is what follows it.
        r"(?!(?:(?i:a|an|the|my|our|this|that)\s+)?(?:[\w-]+\s+){0,2}(?i:apartment|flat|house"
        r"|condo|dorm|studio|room|basement|loft|cottage|cabin|townhouse|bungalow)s?\b)"
        # ... or an office by its city: the next rule's; nor a time zone ("based in the
        # Eastern time zone": the timezone rules').
        + NOT_AN_OFFICE
        + r"(?![^.,;!?\n]{0,40}?\b(?i:time\s*zone|timezone)\b|(?i:the\s+)?(?i:pacific|mountain"
        r"|central|eastern|atlantic|alaska|hawaii)\s+(?i:time)\b)" + VAL,
        # "I'm living in the moment", "in fear", "in an apartment in Brooklyn" (the next rule).
        reject="moment fear* hope* denial head heads world* past present now sweatpants pajamas"
        " harmony peace sin style luxury poverty comfort bubble dream* dreams gym middle*"
        " apartment* flat* house* condo* dorm* studio* van place* room basement* tent trailer"
        " town* city* neighborhood* neighbourhood* village* suburb* suburbs* nicely different*",
    ),
    # "I live with my girlfriend Ana in Denver", "Tom lives with two roommates in Brooklyn":
    # the place after whom one lives with (a name: not "in peace", "in mind").
    make_rule(
        "location",
        "live lives living",
        r"\b(?i:live|lives|living)\s+(?i:with)\s+"
        # Not a way of bearing it: "I can't live with myself / it / that".
        r"(?!(?i:myself|yourself|himself|herself|ourselves|themselves|it|that|this)\b)"
        r"(?:[\w'-]+\s+){1,4}?(?i:in)\s+"
        + NOT_AN_OFFICE
        + rf"(?!(?i:{MONTH_RE}|{DAY_RE}))"
        + CAP
        + VAL,
    ),
    # "I'm based in our London office", "I work out of the Berlin office": the city.
    make_rule(
        "location",
        "based work works working",
        r"\b(?i:based|work|works|working)\s+(?i:in|at|out\s+of|from)\s+" + _OFFICE_OF + _OFFICE,
        value="raw",
    ),
    # "I work at Google's London office": the organisation is the employer.
    make_rule(
        "employer",
        "work works working",
        r"\b(?i:work|works|working)\s+(?i:in|at|out\s+of|from|for)\s+"
        rf"(?P<val>{_PROPER})'s\s+{_PROPER}" + _CITY_OFFICE,
        value="raw",
        elide="past",
    ),
    # "I work remotely from Lisbon": where the speaker is (not "from home", "from 9 to 5",
    # "from Monday to Friday").
    make_rule(
        "location",
        "remotely",
        r"\b(?i:work|works|working)\s+(?i:remotely)\s+(?i:from)\s+"
        r"(?!(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|January|February"
        r"|March|April|May|June|July|August|September|October|November|December)\b)" + CAP + VAL,
    ),
    make_rule(
        "location",
        "live lives lived living",
        r"\b(?i:live|lives|lived|living)\s+(?i:in)\s+(?i:an?|the|my|our)\s+(?:[\w-]+\s+){0,2}?"
        r"(?i:apartment|flat|house|condo|dorm|studio|place|room|basement|town|city|village"
        r"|neighborhood|neighbourhood|suburbs?|middle|heart|outskirts|part)\s+"
        r"(?i:in|of|called|named|near|outside)\s+" + CAP + VAL,
    ),
    make_rule(
        "location",
        "moved moving relocated relocating move moves",
        r"\b(?i:moved|moving|relocated|relocating|move|moves)\s+(?:(?i:back|over)\s+)?"
        # "out of X to Y" only with a named Y: "to live with my aunt" is why, not where.
        # Not from software or an app: "We moved from Jira to Linear" is a new tool.
        r"(?:(?:(?i:from)|(?P<outof>(?i:out\s+of)))\s+"
        + rf"(?!(?:{SOFTWARE}|{PLATFORM})\s+(?i:to)\b)"
        + r"(?P<old>[^.,;:!?()\n]{1,40}?)\s+)?"
        + rf"(?i:to)\s+(?(outof)(?=(?:[Tt]he\s+)?[{UPPER}]))"
        # Not software or an app: "moved from Windows to Linux" (the ``uses`` rules read it),
        # nor a pastime ("moved from running to cycling": rules_pastimes.py).
        + rf"(?!(?:{SOFTWARE}|{PLATFORM})\b|{PASTIME})"
        r"(?!(?i:tears|a\s+new\s+(?:job|role|team)|the\s+next"
        # Not a home: "moved to a different team", "to part-time", "to the back of the line"
        r"|(?:an?|another)\s+(?:different\s+|new\s+|other\s+)?(?:team|department|role"
        r"|position|job|desk|shift|office|project|group|seat|table|apartment|flat|house|place)"
        r"|part[- ]time|full[- ]time|the\s+(?:back|front|top|bottom|other\s+side|end|side)"
        # "moved to the payments team": a team (rules_work.py), not a home
        r"|the\s+(?:[\w&/-]+\s+){0,3}?(?:team|squad|department)"
        r")\b)" + VAL,
        change=True,
        # "Moving to Denver next month!": the speaker's move, as "Moved to Denver" is.
        elide="past_ing",
    ),
    # "I moved to Berlin in 2019 and then to Munich last year", "..., then on to Munich":
    # the move after "then", its verb left out (the rule above reads the first).
    make_rule(
        "location",
        "then",
        r"\b(?i:moved|relocated)\s+(?:(?i:back|over)\s+)?(?i:to)\s+[^.;:!?()\n]{1,60}?"
        r"(?:,\s*|\s+)(?:(?i:and)\s+)?(?i:then)\s+(?:(?i:on|back)\s+)?(?i:to)\s+" + CAP + VAL,
        change=True,
        elide="past",
        time_after=True,
    ),
    make_rule(
        "location",
        "moved moving relocated relocating move moves",
        # "I moved out of Berlin (to Munich / to be near family / last year)", "I moved here
        # from Chicago", "We relocated from Boston": a named place left. Not "moved away
        # from" (Windows, Mom, Christianity), nor a move undone or for a while ("... but
        # moved back", "for the summer").
        r"\b"
        + _NOT_AFTER_COPULA
        + r"(?:(?i:moved|moving|relocated|relocating|move|moves)\s+(?i:out\s+of|here\s+from)"
        r"|(?i:relocated|relocating)\s+(?i:from))\s+"
        + CAP
        # Not a part of a place or someone's ("San Francisco's Mission District", "Mom and
        # Dad's place"), nor a family word.
        + rf"(?!(?:[Tt]he\s+)?(?:[{UPPER}][{LETTER}-]*\s+(?:(?:and|&)\s+)?){{0,2}}"
        + rf"[{UPPER}][{LETTER}-]*'s\b)"
        + rf"(?!{FAMILY_WORD})"
        + rf"(?P<val>(?:[Tt]he\s+)?{NAME})(?![{LETTER}'-])(?!\s+[{UPPER}]|\s+\d)"
        r"(?![^.!?\n]*\b(?i:back|returned|return)\b)"
        # Not a name that qualifies a noun ("out of Ohio State housing").
        r"(?!\s+(?!(?:to|and|in|on|at|when|last|this|after|before|because|since|with|but|so"
        r"|as|a|an|the|years?|months?|weeks?|ago|finally|now|recently|yesterday|one|two"
        r"|three|four|five|six|seven|eight|nine|ten|several|few)\b)[a-z])",
        negate=True,
        change=True,
        # "I never moved out of Berlin" tells where she stayed, not that she left.
        denial_drops=True,
        elide="past",
    ),
    make_rule(
        "origin",
        "from",
        # "I'm also originally from Peru", "Ana is also from Lima".
        r"(?i:'m|\bam|\bis|'s|\bcome|\bcomes|\bcame)\s+"
        r"(?:(?i:originally|also|both|all|actually)\s+){0,2}(?i:from)\s+" + CAP + VAL,
    ),
    make_rule(
        "origin",
        "grew born",
        # "I grew up on a farm in Iowa": where the place was.
        r"\b(?i:grew\s+up|born\s+and\s+raised|born)\s+(?:(?i:on|in)\s+(?i:a|an|the)\s+"
        r"(?:[\w-]+\s+){0,2}?(?i:farm|ranch|island|base|village|town|reservation|kibbutz)\s+)?"
        r"(?i:in)\s+" + CAP + VAL,
        elide="past",
    ),
    # "My hometown is Leeds", "Ana's home town is Porto", "My hometown's Austin".
    make_rule(
        "origin",
        "hometown home",
        POSS + r"\s+(?i:hometown|home\s+town)(?:'s|\s+(?i:is|was))\s+" + CAP + VAL,
        subject="poss",
        stated=True,
    ),
)
