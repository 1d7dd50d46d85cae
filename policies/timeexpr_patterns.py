"""The vocabulary and the one regular expression that find English time expressions.

:mod:`nousmem.policies.timeexpr` resolves what :data:`TIME` matches; this module only says
what a time expression looks like (month and weekday names, numbers, units, holidays, parts of
a period) and which words may start or trigger one.
"""

from __future__ import annotations

import re

from nousmem.policies.daterange import Granularity

MONTHS = tuple(
    "january february march april may june july august september october november december".split()
)
"""Month names, lowercase, January first."""
MONTH_NUMBERS: dict[str, int] = {}
"""Lowercase month name or abbreviation ("mar", "sept") -> month number (1-12)."""
for _i, _m in enumerate(MONTHS, start=1):
    MONTH_NUMBERS[_m] = _i
    MONTH_NUMBERS[_m[:3]] = _i
MONTH_NUMBERS["sept"] = 9

DAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
DAY_NUM: dict[str, int] = {d: i for i, d in enumerate(DAYS)}
for _abbr, _i in (("mon", 0), ("tue", 1), ("tues", 1), ("wed", 2), ("thu", 3), ("thur", 3)):
    DAY_NUM[_abbr] = _i
for _abbr, _i in (("thurs", 3), ("fri", 4), ("sat", 5), ("sun", 6)):
    DAY_NUM[_abbr] = _i
# Abbreviations that are also everyday words ("on sun loungers", "sat nav", "wed links"):
# only a capitalised one is a weekday; "last fri" stays a date.
WORD_ABBREVS = frozenset(("mon", "wed", "sat", "sun"))

NUM_WORDS: dict[str, int] = {
    w: i
    for i, w in enumerate(
        "one two three four five six seven eight nine ten eleven twelve".split(), 1
    )
}
NUM_WORDS.update({"a": 1, "an": 1, "few": 3, "several": 3, "couple": 2})

DAY_WORD_OFFSET = {
    "yesterday": -1,
    "last night": -1,
    "tomorrow": 1,
    "the day before yesterday": -2,
    "the day after tomorrow": 2,
}
UNIT_GRANULARITY: dict[str, Granularity] = {
    "day": "day",
    "week": "week",
    "weekend": "week",
    "month": "month",
    "year": "year",
}


# Full names first so "Sept" is not cut to "Sep"; the trailing \b stops "Mayor" matching.
MONTH_RE = (
    r"(?:january|february|march|april|may|june|july|august|september|october|november"
    r"|december|jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec)\b"
)
DAY_RE = (
    r"(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday"
    r"|mon|tues|tue|wed|thurs|thur|thu|fri|sat|sun)\b"
)
NUM_RE = (
    r"(?:\d{1,3}|a\s+few|a\s+couple(?:\s+of)?|couple\s+of|few|several|an?|one|two|three"
    r"|four|five|six|seven|eight|nine|ten|eleven|twelve)"
)
UNIT_RE = r"(?:days?|weekends?|weeks?|months?|years?)\b"
YEAR_RE = r"(?:19|20)\d\d"
DOM_RE = r"(?:[12]\d|3[01]|0?[1-9])"
MONTH_NUM_RE = r"(?:1[0-2]|0?[1-9])"
PLURAL_DAY_RE = r"(?:mondays|tuesdays|wednesdays|thursdays|fridays|saturdays|sundays)"
# Written as people write them; holidays.holiday_key maps each to its date's key.
HOLIDAY_RE = (
    r"Christmas\s+Eve|Christmas\s+Day|Christmas\s+morning|Christmas|Boxing\s+Day"
    r"|New\s+Year['’]?s\s+Eve|New\s+Year['’]?s(?:\s+Day)?|Halloween|Valentine['’]?s\s+Day"
    r"|Thanksgiving\s+Day|Thanksgiving|Easter\s+Sunday|Easter\s+Monday|Easter"
    r"|Independence\s+Day|Fourth\s+of\s+July"
)
# What a holiday's name modifies when it is no date: "for Christmas shopping", "over
# Christmas break" (weeks, not the day), "for Halloween costumes".
HOLIDAY_NOUNS = (
    r"(?:trees?|part(?:y|ies)|shopping|gifts?|presents?|cards?|markets?|lights|decorations?"
    r"|songs?|carols?|movies?|films?|break|holidays?|vacation|season|sales?|costumes?|candy"
    r"|music|spirit|specials?|jumpers?|sweaters?|time|week|weekend|pageant|play|concerts?"
    r"|bonus|lists?|ornaments?|cookies?|pudding|cakes?|eggs?|bunny|hunt|parade|themes?"
    r"|themed|stuff|things|festivities|celebrations?|traditions?|decor|episodes?|islands?"
    r"|brunch|dinners?|lunch(?:es)?|feasts?|meals?)"
)
# What a period modifies when it is no time: "the end of the year party", "the end of the
# week-long trip", "late summer evenings", "the end of winter break".
NOT_BEFORE_NOUN = (
    r"(?![-\s]+(?:long|old|part(?:y|ies)|break|holidays?|vacation|sales?|review|exams?"
    r"|reports?|concerts?|show|trip|bash|bonus|evenings?|nights?|days|mornings?|afternoons?"
    r"|semester|term|clearance|collection|wardrobe|clothes|coat|jacket|fashion|camp|school"
    r"|quarter|internships?|jobs?|programs?|programmes?|class|classes|courses?|league)\b)"
)
# "Saturday, May 6, 2023": a weekday written in front of a date only repeats it, so the date
# alternatives absorb it instead of letting it resolve on its own to another day. Only before
# a capitalised month (see _capitalised): "on Monday may 6 people come" keeps its Monday.
CAP = r"(?=(?-i:[A-Z]))"
WEEKDAY_OF = rf"(?:(?:last|this|next|coming)\s+)?{DAY_RE}\.?,?\s+"

# One alternation scanned once; at a given position earlier alternatives win, so the
# longer forms ("8 May 2023") come before the shorter ones ("in May").
TIME = re.compile(
    r"\b(?:"
    r"(?P<dw>the\s+day\s+before\s+yesterday|the\s+day\s+after\s+tomorrow|earlier\s+today"
    r"|today|yesterday|tomorrow|tonight|this\s+morning|this\s+afternoon|this\s+evening"
    r"|last\s+night)\b"
    rf"|(?P<iso>(?P<iso_y>{YEAR_RE})-(?P<iso_m>0[1-9]|1[0-2])-(?P<iso_d>0[1-9]|[12]\d|3[01]))\b"
    # Numeric dates whose order shows: "3/14/2023" (month first, as in the US), "14/3/23"
    # (day first), "2023/03/14", "14.03.2023" (day first, as in Germany). Not a part of a
    # longer run of numbers ("1/2/2023/4"); "5/8/2023" (either order) is read only in the
    # order InputConfig.date_order names.
    rf"|(?<![\d/.])(?:(?P<nd_a>{DOM_RE})/(?P<nd_b>{DOM_RE})/(?P<nd_y>{YEAR_RE}|\d\d)"
    rf"|(?P<ymd_y>{YEAR_RE})/(?P<ymd_m>{MONTH_NUM_RE})/(?P<ymd_d>{DOM_RE})"
    rf"|(?P<eu_d>{DOM_RE})\.(?P<eu_m>{MONTH_NUM_RE})\.(?P<eu_y>{YEAR_RE}))\b(?![/.-]\d)"
    # The same without a year, after "on", "by", "until", "since", "from" or a weekday: "on
    # 3/14", "by 12/25", "Thursday 3/14" (the nearest such day the tense points to). Not a
    # fraction or a score: "on 3/4 of the days", "by 2/3 of", "rated it 4/5" (no lead word).
    rf"|(?:(?P<ndp_p>on|by|until|since|from)\s+(?:{WEEKDAY_OF})?|{WEEKDAY_OF})"
    rf"(?P<ndp_a>{DOM_RE})/(?P<ndp_b>{DOM_RE})\b(?![/.,]\d|\s+of\b|\s*%)"
    # A decade: "the 1990s", "the '90s", "in the 80s", "the early 2000s" (its first, middle or
    # last few years). Not "in my 20s" (an age); "in the 90s" of the weather is no decade
    # (see timeexpr_numeric).
    r"|(?:(?P<dec_p>in|during|since|from|until|till|by|through|throughout)\s+)?the\s+"
    r"(?:(?P<dec_w>early|mid|late)[-\s]+)?(?:(?P<dec_f>(?:19|20)\d0)|['’](?P<dec_a>\d0)"
    r"|(?P<dec_t>[5-9]0))['’]?s\b"
    # A span of years or months: "from 2015 to 2019", "between 2010 and 2014", "from
    # 2015-2019", "from March to June 2023", "between May 2019 and June 2021".
    rf"|(?P<rg_p>from|between)\s+(?:(?P<rg_am>{MONTH_RE})\.?,?\s+(?:(?P<rg_a>{YEAR_RE})\s*)?"
    rf"|(?P<rg_ay>{YEAR_RE})\s*)(?:-|\u2013|(?:to|and|until|till|through)\s)\s*"
    rf"(?:(?P<rg_bm>{MONTH_RE})\.?,?\s+)?(?P<rg_b>{YEAR_RE})\b(?![-/:]\d)"
    # A span of months without the year of its end: "from March to June", "between March
    # and June", "from May 2019 to June" (a day or a year after the end is the span above's
    # or a date's).
    rf"|(?P<rgm_p>from|between)\s+{CAP}(?P<rgm_a>{MONTH_RE})\.?(?:,?\s+(?P<rgm_ay>{YEAR_RE}))?"
    rf"\s*(?:-|–|(?:to|and|until|till|through)\s)\s*{CAP}(?P<rgm_b>{MONTH_RE})"
    r"(?!\.?,?\s+(?:of\s+)?\d)"
    # "the first week of June", "the last weekend of this month".
    r"|the\s+(?P<ow_n>first|second|third|fourth|last|1st|2nd|3rd|4th)\s+"
    rf"(?P<ow_u>week|weekend)\s+(?:of|in)\s+(?:(?P<ow_m>{MONTH_RE})\.?(?:,?\s+(?P<ow_y>{YEAR_RE})\b)?"
    r"|(?P<ow_r>last|this|next)\s+month\b|the\s+month\b)"
    # "early 2021", "mid-June", "the end of the month", "in late summer".
    # Not "an early fall" (a tumble), "the end of the year party" or "winter break".
    r"|(?:(?P<pt_p>in|since|by|until|from|during)\s+)?(?<!\ba\s)(?<!\ban\s)(?P<pt_w>early|mid|late"
    r"|(?:the\s+)?(?:very\s+)?(?:beginning|start|middle|end)\s+of)[-\s]+"
    rf"(?:(?P<pt_m>{MONTH_RE})\.?(?:,?\s+(?:of\s+)?(?P<pt_my>{YEAR_RE})\b)?(?![\s,]*\d)"
    rf"|(?P<pt_y>{YEAR_RE})\b(?![-/:]\d)"
    rf"|(?P<pt_r>last|this|next)\s+(?P<pt_ru>week|month|quarter|year)\b{NOT_BEFORE_NOUN}"
    rf"|the\s+(?P<pt_tu>week|month|quarter|year)\b{NOT_BEFORE_NOUN}"
    r"|(?:the\s+)?(?P<pt_s>spring|summer|autumn|fall|winter)\b"
    rf"(?:\s+(?:of\s+)?(?P<pt_sy>{YEAR_RE})\b)?{NOT_BEFORE_NOUN})"
    # Not "the week before last Friday's meeting".
    r"|the\s+(?P<bl_u>week|weekend|month|year)\s+before\s+last\b"
    rf"(?!\s+(?:{DAY_RE}|{MONTH_RE}|week|weekend|month|year|night|time|spring|summer|autumn"
    r"|fall|winter|christmas|easter|thanksgiving|halloween|new\s+year|valentine))"
    # "the summer before last", "two summers ago": a season some years back.
    r"|the\s+(?P<bl_s>spring|summer|autumn|fall|winter)\s+before\s+last\b"
    rf"|(?P<sago_n>{NUM_RE})\s+(?P<sago_s>springs|summers|autumns|falls|winters)\s+ago\b"
    rf"|(?P<wago_n>{NUM_RE})\s+(?P<wago_d>{PLURAL_DAY_RE})\s+ago\b"
    r"|(?P<fago_n>a|one|two|three)\s+fortnights?\s+ago\b"
    # "Friday after next", "the weekend after next", "a week from Friday", "in a fortnight".
    rf"|(?:on\s+)?(?:the\s+)?(?P<an_d>{DAY_RE})\s+after\s+next\b"
    # "on Monday last week", "Friday of next week": that day of that week.
    r"|(?:on\s+)?(?P<dwk_d>monday|tuesday|wednesday|thursday|friday|saturday|sunday)\s+"
    r"(?:of\s+)?(?P<dwk_w>last|this|next)\s+week\b"
    r"|the\s+(?P<an_u>week|weekend|month|year)\s+after\s+next\b"
    rf"|(?P<wf_n>{NUM_RE})\s+weeks?\s+from\s+(?P<wf_b>today|tomorrow|{DAY_RE})"
    r"|in\s+(?P<fn>a|one|two)\s+fortnights?\b"
    # "at Christmas", "last Easter", "on New Year's Eve 2022": a capitalised name after a
    # preposition, not a noun's modifier ("for Christmas shopping", "at the Christmas party").
    r"|(?P<hol_w>last|this|next|on|at|over|for|during|since|until|till|by|before|after|around)"
    # Atomic: "Christmas Eve party" must not fall back to "Christmas" before "Eve".
    rf"\s+(?:the\s+)?(?>(?-i:(?P<hol>{HOLIDAY_RE}))(?:\s+(?P<hol_y>{YEAR_RE})\b)?)"
    rf"(?!['’]?s?\s+{HOLIDAY_NOUNS}\b)"
    rf"|(?:on\s+)?(?P<dmy_w>{WEEKDAY_OF})?(?:the\s+)?(?P<dmy_d>[12]\d|3[01]|0?[1-9])"
    rf"(?:st|nd|rd|th)?\s+(?:of\s+)?(?(dmy_w){CAP})(?P<dmy_m>{MONTH_RE})\.?"
    rf"(?:,?\s+(?P<dmy_y>{YEAR_RE})\b)?"
    rf"|(?:on\s+)?(?:{WEEKDAY_OF}{CAP})?(?P<mdy_m>{MONTH_RE})\.?\s+"
    rf"(?P<mdy_d>[12]\d|3[01]|0?[1-9])(?:st|nd|rd|th)?\b(?:,?\s+(?P<mdy_y>{YEAR_RE})\b)?"
    # "on Thursday the 12th": the 12th, a Thursday (not "Thursday" alone).
    rf"|(?:on\s+)?(?P<wdm_d>{DAY_RE})\.?,?\s+the\s+(?P<wdm_n>{DOM_RE})(?:st|nd|rd|th)\b"
    rf"(?!\s+(?:of\s+)?{MONTH_RE})"
    # "on the 15th", "by the 3rd of next month": with an ordinal ending and before a pause
    # or a word that starts a clause, so "on the 5th floor" and "the 2nd time" are no dates.
    # ("to": what is moved to one, "We pushed it to the 20th".)
    r"|(?P<dom_p>on|by|until|till|before|after|since|from|for|to)\s+the\s+"
    r"(?P<dom_d>[12]\d|3[01]|0?[1-9])"
    r"(?:st|nd|rd|th)\b(?:\s+of\s+(?:(?P<dom_r>last|this|next)\s+|the\s+)month\b)?"
    # "on the 3rd and 4th of June", "on the 2nd and 3rd floor": not the first ordinal alone.
    r"(?=\s*(?:$|[.,;:!?)]|(?:and|or|to)\b(?!\s+(?:the\s+)?\d)|(?:at|when|because|so|but|if"
    r"|for|as|then|with|we|i|you|he|she|they|it|too|again)\b))"
    # A year in two digits after an apostrophe: "in '19", "since ’08", "May '19", "the
    # summer of '19".
    # (Every match starts at a word, so one of the two leads is always there.)
    r"|(?:(?P<sy_p>in|since|during|from|until|till|by)\s+)?(?:(?P<sy_m>"
    rf"{CAP}{MONTH_RE})\.?,?\s+|(?:the\s+)?(?P<sy_s>spring|summer|autumn|fall|winter)\s+"
    r"(?:of\s+)?)?['’](?P<sy_y>\d\d)\b(?!['’]?s\b)"
    # A month of the year before, this one or the next: "in June last year", "by March
    # next year", "since May of last year".
    r"|(?P<mry_p>in|during|since|by|until|till|from)\s+"
    rf"{CAP}(?P<mry_m>{MONTH_RE})\.?,?\s+(?:of\s+)?(?P<mry_w>last|this|next)\s+year\b"
    # With its year, a bound is that month: "until June 2019", "from May 2019", "by March
    # 2025" (not the nearest June, as the bound without a year below).
    r"|(?:(?P<my_p>in|during|since|of|by|until|till|through|before|after|to|from)\s+)?"
    rf"(?P<my_m>{MONTH_RE})\.?,?\s+(?:of\s+)?"
    rf"(?P<my_y>{YEAR_RE})\b"
    # "three years back" as "ago", where nothing follows that makes "back" a place ("I
    # spent two days back home", "a week back in Ohio").
    # "a year and a half ago", "two and a half years ago": months, weeks or days later.
    rf"|(?P<half_n>{NUM_RE})\s+(?:(?P<half_u>years?|months?|weeks?)\s+and\s+a\s+half"
    r"|and\s+a\s+half\s+(?P<half_v>years|months|weeks))\s+ago\b"
    rf"|(?P<ago_n>{NUM_RE})\s+(?P<ago_u>{UNIT_RE})\s+(?:ago\b|back\b(?=\s*(?:[,.;:!?)]|$)"
    r"|\s+(?:i|we|you|he|she|they|my|our|his|her|their|when|that)\b))"
    rf"|in\s+(?P<in_n>{NUM_RE})\s+(?P<in_u>{UNIT_RE})(?!\s+ago\b)"
    # "a month from now", "two weeks from today": as "in a month".
    rf"|(?P<fnow_n>{NUM_RE})\s+(?P<fnow_u>{UNIT_RE})\s+from\s+(?:now|today)\b"
    # "this time last year": the same month a year back (the same day a week back).
    r"|this\s+time\s+last\s+(?P<ttl_u>year|week)\b"
    rf"|this\s+past\s+(?P<tp_u>weekend|week|month|year)\b"
    rf"|(?:the\s+)?past\s+(?:(?P<past_n>{NUM_RE})\s+)?(?P<past_u>{UNIT_RE})"
    rf"|(?:the\s+)?last\s+(?P<past2_n>{NUM_RE})\s+(?P<past2_u>{UNIT_RE})"
    r"|the\s+last\s+(?P<past3_u>week|month|year)\b(?!\s+of\b)"
    # "over the weekend": this weekend (the last one in a past sentence).
    r"|(?:over|during)\s+the\s+(?P<otw>weekend)\b(?!\s+of\b)"
    r"|(?P<lnt_w>last|this|next|coming)\s+(?P<lnt_u>weekend|week|month|quarter|year)\b"
    r"(?!\s+of\b)"
    # "in Q3", "by Q1 2025": a calendar quarter.
    rf"|(?:(?P<q_p>in|during|by|since|until|for)\s+)?(?P<q_n>q[1-4])\b(?:\s+(?P<q_y>{YEAR_RE})\b)?"
    rf"|(?P<lnd_w>last|this|next|coming|on)\s+(?P<lnd_d>{DAY_RE})"
    # "since May 5, 2019" is since that day (the mdy form): not "since May" alone.
    rf"|(?P<lnm_w>last|this\s+past|this|next|in|since(?!\s+{MONTH_RE}\.?\s+{DOM_RE}"
    r"(?:st|nd|rd|th)?\b)|during)"
    rf"\s+(?P<lnm_m>{MONTH_RE})"
    # A bound or a move: "by June", "until October", "pushed to June". Not before a day of
    # the month: "by June 5" is that day (the mdy form, tried next).
    r"|(?P<lnb_w>by|until|till|through|before|after|to|from)"
    # Nor a name's possessive: "We moved to June's place".
    rf"\s+(?P<lnb_m>{MONTH_RE})(?!\.?\s+(?:[12]\d|3[01]|0?[1-9])(?:st|nd|rd|th)?\b|['’]s\b)"
    r"|(?P<lns_w>last|this|next|in|during|over)\s+(?:the\s+)?"
    rf"(?P<lns_s>spring|summer|autumn|fall|winter)\b(?:\s+(?:of\s+)?(?P<lns_y>{YEAR_RE})\b)?"
    # "around 2015" before a pause, a name or a pronoun ("Around 2015 I moved"), not a count
    # ("around 2000 people came").
    r"|(?P<yr_p>in|since|during|from|until|by|(?P<yr_a>around|circa))\s+(?:the\s+year\s+)?"
    rf"(?P<yr_y>{YEAR_RE})\b(?![-/:]\d)"
    r"(?(yr_a)(?=\s*(?:[,.;:!?)]|$)|\s+(?:(?-i:[A-Z])|(?:we|he|she|they|my|our|his|her|their"
    r"|when|that)\b))|)"
    r"|(?<!\bevery\s)(?<!\bany\s)(?<!\beach\s)(?<!\bBlack\s)(?<!\bCyber\s)(?<!\bGood\s)"
    r"(?<!\bSuper\s)(?<!\bPalm\s)(?<!\bAsh\s)(?<!\bEaster\s)(?<!\bFat\s)(?<!\bManic\s)"
    r"(?<!\bBlue\s)(?<!\bHoly\s)(?<!\bMaundy\s)(?<!\bShrove\s)"
    r"(?P<bare_d>Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)\b"
    r"(?!\s+(?:best|Times|school|(?-i:Night\s+(?:Live|Lights|Fever)))\b)"
    r")",
    re.IGNORECASE,
)

# Every alternative of TIME contains one of these words or a number, starting at most
# REACH characters (and 7 words) before it. Scanning the big alternation over a whole text
# costs ~0.5 us per character, so it is only tried at the few word starts before a trigger.
TRIGGERS = frozenset(
    (
        "today yesterday tomorrow tonight morning afternoon evening night day days week weeks "
        "weekend weekends month months quarter year years spring summer autumn fall winter "
        "christmas halloween thanksgiving easter fortnight fortnights"
    ).split()
    + [d + "s" for d in DAYS]
    + ["springs", "summers", "autumns", "falls", "winters"]
    + list(MONTH_NUMBERS)
    + list(DAY_NUM)
)
# The words an expression can start with (numbers aside): a match is only attempted there.
OPENERS = TRIGGERS | frozenset(
    (
        "the earlier this last next coming on in during since of past over from until by a an "
        "between around circa "
        "few several couple early mid late beginning start middle end very first second third "
        "fourth q"
    ).split()
    + list(NUM_WORDS)
)
# Prepositions that start only a holiday ("at Christmas"), a day of the month ("before the
# 15th") or a month ("to June", "through March"): tried only in a text with a holiday's
# name, an ordinal number or a month's name (see HOLIDAY_WORDS, ORDINAL, MONTH_NUMBERS),
# since "at" and "for" before every "day" or "year" would cost every text.
CALENDAR_OPENERS = OPENERS | frozenset("at for before after around till to through".split())
HOLIDAY_WORDS = frozenset(
    "christmas halloween thanksgiving easter boxing valentine valentines independence "
    "fourth".split()
)
ORDINAL = re.compile(r"\d(?:st|nd|rd|th)\b")
WORD_OR_NUMBER = re.compile(r"[a-z]+|\d+")
# "Q3": a quarter's name, an anchor as a number is (its digit follows a letter).
QUARTER_NAME = re.compile(r"(?<![0-9a-z])q[1-4](?![0-9a-z])")
# "(?=\d)" first: the lookbehind then runs at digits only, not at every character.
NUMBER = re.compile(r"(?=\d)(?<![0-9a-z])\d+")
# One literal pattern per trigger: a leading literal lets the regex engine scan fast.
TRIGGER_RE = {
    w: re.compile(re.escape(w) + r"\b(?<![0-9a-z]" + re.escape(w) + ")") for w in TRIGGERS
}
REACH = 32
