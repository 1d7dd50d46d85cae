"""Rules for who someone is in person: their name, their age, birthday and birth year, the
languages they speak and, through ``rules_food.py`` (in this place of the order), what they
are allergic to and the diet they keep.

Part of the rule table (``policies/rules.py`` assembles it); see ``patterns.Rule`` for what
each option means. Each reads a plain, common phrasing only ("My name is Sam", "Call me
Sam", "I'm 34 years old", "I'm allergic to peanuts", "I'm vegan"); "I'm Sam" is left alone, as "I'm
Back!" and "I'm Catholic" are said the same way.
"""

from __future__ import annotations

from nousmem.policies.brand_words import PLATFORM, SOFTWARE
from nousmem.policies.letters import UPPER
from nousmem.policies.patterns import (
    NAME_TITLE,
    NAME_VAL,
    NOT_A_NAME,
    POSS,
    Rule,
    make_rule,
)
from nousmem.policies.place_names import PLACE_NAME
from nousmem.policies.rules_food import FOOD_RULES
from nousmem.policies.rules_nationality import NATIONALITY_RULES

__all__ = ["PERSONAL_RULES", "PRONOUN_SET_START"]

# A name ends its clause: "My name is Sam and I ...", not "My name is Sam's ...", nor a
# joke's "..., but" ("Call me Crazy, but ...").
_NAME_END = (
    r"(?:\s+(?i:instead|now|please|from\s+now\s+on|lol|haha))?"
    r"(?=\s*(?:[.;!?)]|$)|\s*,(?!\s*(?i:but)\b)|\s+(?i:and|but)\b)"
)
# A set of pronouns as written: "they/them", "she/they", "he / him / his", "any pronouns".
_PRONOUN_WORDS = (
    r"she|he|they|xe|ze|ey|fae|her|hers|him|his|them|theirs|xem|xyr|hir|zir|em|eir|faer"
)
#: A set of pronouns begins: "she/", "they /". The `uses` rule stops before one ("I use
#: she/her" names pronouns, not a tool).
PRONOUN_SET_START = rf"(?:{_PRONOUN_WORDS})\s*/"
_PRONOUNS = (
    rf"(?P<val>(?i:(?:{_PRONOUN_WORDS})(?:\s*/\s*(?:{_PRONOUN_WORDS}))+|any\s+pronouns))"
    r"(?![\w/])"
)
_PRONOUN_ANCHORS = "pronouns she he they xe ze ey fae"
# Words said after "Call me" or "My name is" that are no name: "Call me crazy / ASAP / old
# fashioned", "My name is Mud" (and an abbreviation in capitals).
_NOT_CALLED = (
    r"(?!(?:Crazy|Paranoid|Old|Maybe|Anytime|Tomorrow|Later|Back|Anything|Whatever|Silly"
    r"|Stupid|Naive|Lazy|Cynical|Skeptical|Sceptical|Biased|Weird|Picky|Superstitious"
    r"|Sentimental|Mud|Nuts|Insane|Dumb|Dramatic|Lucky|Ishmael)\b)"
    rf"(?![{UPPER}]{{2,}}\b)"
)
# What one goes by that is no name: a ride, a scale, a map, a rule book.
# A shop or a place one passes is none either ("I go by Target", "I go by Boston").
_NOT_GONE_BY = (
    r"Uber|Lyft|Bolt|Grab|Waze|Amtrak|Greyhound|Eurostar|Celsius|Fahrenheit|Kelvin|Metric"
    r"|Imperial|GPS|Google|Apple|The\s+Book|Feel|Instinct|Gut|Scripture|Scriptures"
    r"|Starbucks|Target|Walmart|Costco|Safeway|Kroger|Tesco|Aldi|Lidl|Walgreens|Dunkin"
    r"|Chipotle|Subway|Sainsbury|Waitrose|Publix|Wegmans|Ikea|IKEA|" + PLACE_NAME
)
# "Let's say / pretend / if ... my name is Bob", "It's not true that my name is Bob": rules
# marked ``stated`` (and ``settled``) give no claim then.
# An age in years a person can have: not "I turned 180" (degrees) nor "turned 2024".
_AGE = r"(?P<val>1[01]\d|[1-9]?\d)"
# What "turned <number>" counts when it is no age.
_NOT_YEARS = (
    r"(?!\s*(?:[%\d.,:]\d|%|(?i:percent|degrees?|minutes?|hours?|days?|weeks?|months?"
    r"|times|dollars|bucks|euros|pages?|miles?|km|pounds?|kg|lbs?|points?|pm|am|o'clock)\b))"
)
# Languages by name (capitalised: "I speak *English*", not "I speak my mind").
_LANGUAGE = (
    r"(?P<val>(?:English|Spanish|French|German|Italian|Portuguese|Dutch|Swedish|Norwegian"
    r"|Danish|Finnish|Icelandic|Polish|Czech|Slovak|Hungarian|Romanian|Bulgarian|Greek"
    r"|Turkish|Russian|Ukrainian|Serbian|Croatian|Bosnian|Slovenian|Albanian|Lithuanian"
    r"|Latvian|Estonian|Irish|Welsh|Catalan|Basque|Galician|Hebrew|Arabic|Persian|Farsi"
    r"|Urdu|Hindi|Bengali|Punjabi|Gujarati|Marathi|Tamil|Telugu|Kannada|Malayalam|Nepali"
    r"|Sinhala|Mandarin|Cantonese|Chinese|Japanese|Korean|Vietnamese|Thai|Khmer|Lao"
    r"|Burmese|Malay|Indonesian|Tagalog|Filipino|Swahili|Amharic|Somali|Yoruba|Igbo|Hausa"
    r"|Zulu|Xhosa|Afrikaans|Latin|Esperanto|Yiddish|ASL)\b)"
)
_LANGUAGE_ITEM = (
    r"(?:(?i:some|basic|fluent|conversational|a\s+little|a\s+bit\s+of|native|decent|good"
    r"|broken|passable|okay|ok|limited|pretty\s+good)\s+)?" + _LANGUAGE
)
# A birthday: "March 5th", "5 March", "the 5th of March", "March 5, 1990".
_MONTH = (
    r"(?i:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?"
    r"|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)"
)
_DAY = r"(?:[12]\d|3[01]|0?[1-9])(?i:st|nd|rd|th)?"
# An anniversary's count: "our 10th anniversary", "our first wedding anniversary".
_NTH = (
    r"\s+(?:(?:\d{1,2}(?i:st|nd|rd|th)|(?i:first|second|third|fourth|fifth|tenth|twentieth"
    r"|twenty-fifth|fiftieth))\s+)?"
)
_BIRTHDAY = (
    rf"(?:(?i:the)\s+)?(?P<val>{_MONTH}\.?\s+{_DAY}(?:,?\s+(?:19|20)\d\d)?"
    rf"|{_DAY}\s+(?:(?i:of)\s+)?{_MONTH}(?:,?\s+(?:19|20)\d\d)?)\b"
)

# A time zone as people name one: an offset ("UTC+2", "GMT-5"), an IANA name
# ("Europe/London"), an abbreviation in capitals ("CET", "PST"; the two-letter ones only
# before "time": "I'm in PT" is as often physical therapy) or a named zone ("Pacific
# time", "Central European Time").
_ZONE = (
    r"(?P<val>(?:UTC|GMT)\s*[+\-\u2212]\s*\d{1,2}(?::?\d\d)?|UTC|GMT"
    r"|(?:Africa|America|Asia|Atlantic|Australia|Europe|Indian|Pacific)/[A-Z][A-Za-z_]+"
    r"(?:/[A-Z][A-Za-z_]+)?"
    r"|(?:PST|PDT|MST|MDT|CST|CDT|EST|EDT|AKST|HST|BST|IST|CET|CEST|EET|EEST|WET|WEST|JST"
    r"|KST|SGT|HKT|AEST|AEDT|ACST|AWST|NZST|NZDT|SAST|WAT|EAT|MSK)\b"
    r"|(?:PT|MT|CT|ET)\s+(?i:time)"
    r"|(?i:(?:pacific|mountain|central|eastern|atlantic|alaska|hawaii|greenwich\s+mean"
    r"|central\s+european|eastern\s+european|western\s+european|british\s+summer|india"
    r"|japan|australian\s+eastern)\s+(?:(?:standard|daylight|summer)\s+)?time))"
)
# ... and the word "zone" after it, even glued to a named zone's "time" ("the Pacific
# timezone" names "Pacific time").
_ZONE_END = (
    r"(?:(?i:zone)|\s+(?i:time\s*zone|timezone|zone))?"
    r"(?=\s*(?:[.,;!?)]|$)|\s+(?i:and|but|now|so)\b)"
)

PERSONAL_RULES: tuple[Rule, ...] = (
    # ---- timezone --------------------------------------------------------------------
    # "My time zone is CET", "Ana's timezone is Europe/Lisbon".
    make_rule(
        "timezone",
        "zone timezone tz",
        POSS + r"\s+(?i:time\s*zone|timezone|tz)\s+(?i:is)\s+" + _ZONE + _ZONE_END,
        value="raw",
        subject="poss",
    ),
    # "I'm in Pacific time", "I'm on CET", "Tom is in the Eastern time zone", "I work on
    # Eastern time".
    make_rule(
        "timezone",
        "time zone timezone utc gmt pst pdt mst mdt cst cdt est edt akst hst bst ist cet cest "
        "eet eest wet west jst kst sgt hkt aest aedt acst awst nzst nzdt sast wat eat msk",
        # ("I work in / on Pacific time": the hours kept, so the zone too; "I'm based in /
        # I live in the Eastern time zone": the zone, not a home.)
        r"(?:(?i:'m|\bam|'s|\bis|\bare)(?:\s+(?i:based|located))?"
        r"|\b(?i:work|works|working|live|lives|living))\s+"
        r"(?:(?i:now|currently|usually|also|mostly)\s+)?"
        r"(?i:in|on)\s+(?:(?i:the)\s+)?" + _ZONE + _ZONE_END,
        value="raw",
    ),
    # ---- name ------------------------------------------------------------------------
    # "My name is Sam", "My name's Sam Lee", "Ana's full name is Ana Ruiz".
    make_rule(
        "name",
        "name",
        POSS
        + r"\s+(?:(?i:full|real|first|given|legal)\s+)?(?i:name)(?:'s|\s+(?i:is))\s+"
        # "My name is Dr. Sarah Patel": the name after the title.
        + r"(?:"
        + NAME_TITLE
        + r"\s+)?"
        + NOT_A_NAME
        + _NOT_CALLED
        + NAME_VAL
        + _NAME_END,
        value="name",
        subject="poss",
        stated=True,
        settled=True,
    ),
    # "Call me Sam", "Please, call me Sam", "Actually, call me Sam instead", "From now on,
    # call me Sam", "Always call me Sam": the speaker's name, asked for at the start of the
    # sentence (not "Don't call me Sam", "Mom used to call me Bean").
    make_rule(
        "name",
        "call",
        r"^\s*(?:(?i:please|just|oh|so|and|but|hi|hey|ok|okay|actually|instead|also"
        r"|from\s+now\s+on)[,!]?\s+)*"
        r"(?:(?i:you\s+can|you\s+may|feel\s+free\s+to|always|please\s+always)\s+)?"
        r"(?i:call)\s+(?P<poss>(?i:me))\s+"
        # A title before a name is how one is to be called: "Call me Dr. Patel".
        + r"(?:(?="
        + NAME_TITLE
        + r"\s+["
        + UPPER
        + r"])|"
        + NOT_A_NAME
        + _NOT_CALLED
        + r")"
        + NAME_VAL
        + _NAME_END,
        value="name",
        subject="poss",
    ),
    # "I go by the name Sam", "Ana goes by the name of Annie" (not "I go by Uber / Celsius /
    # Google Maps": a bare "go by" as often means travelling or following).
    make_rule(
        "name",
        "go goes",
        r"\b(?i:go|goes)\s+(?i:by)\s+(?i:the\s+name(?:\s+of)?)\s+"
        + NOT_A_NAME
        + NAME_VAL
        + _NAME_END,
        value="name",
    ),
    # "I go by Liz", "Ana mostly goes by Annie now": a name, ending its clause (not "I go by
    # Uber / Celsius / Google Maps", a way or a measure; nor "I go by the book").
    make_rule(
        "name",
        "go goes",
        r"\b(?i:go|goes)\s+(?i:by)\s+"
        + rf"(?!(?:{SOFTWARE}|{PLATFORM}|{_NOT_GONE_BY})\b)"
        + NOT_A_NAME
        + _NOT_CALLED
        + NAME_VAL
        + r"(?<!'s)"  # not a shop: "I go by Trader Joe's"
        + _NAME_END,
        value="name",
        settled=True,
    ),
    # "Everyone calls me Liz", "My friends call me Liz", "People call me Sam": the name one
    # goes by (not "Mom used to call me Bean", nor "My boss calls me Sam sometimes").
    make_rule(
        "name",
        "call calls",
        r"\b(?:(?i:everyone|everybody|people|most\s+people|my\s+friends|friends|all\s+my"
        r"\s+friends)\s+(?i:calls?))\s+(?P<poss>(?i:me))\s+"
        + NOT_A_NAME
        + _NOT_CALLED
        + NAME_VAL
        + _NAME_END,
        value="name",
        subject="poss",
        settled=True,
    ),
    # ---- deceased: "My mom passed away last year", "Tom's dad died in 2019" ------------
    # Someone else's death (a relative by the name memory knows, see runtime/kin_claims.py);
    # not a figure of speech ("I died laughing", "Tom almost died", "My phone died": no one).
    make_rule(
        "deceased",
        "passed died",
        r"(?<!\balmost\s)(?<!\bnearly\s)(?<!\bpractically\s)(?<!\bliterally\s)"
        r"\b(?P<val>(?i:passed\s+away|died))\b"
        r"(?!\s+(?i:laughing|inside|of\s+(?:laughter|embarrassment|boredom|shame|cringe)"
        r"|a\s+little|down|out|off|on\s+me|in\s+(?:the\s+)?(?:game|movie|film|show|book|episode)))",
        value="status",
        others_only=True,
        settled=True,
        denial_drops=True,
    ),
    # ---- age -------------------------------------------------------------------------
    # "I'm 34 years old", "Ana is 7 years old", "I am now 40 yrs old".
    make_rule(
        "age",
        "years yrs year",
        r"(?i:'m|\bam|'s|\bis)\s+(?:(?i:now|just)\s+)?"
        + _AGE
        + r"(?:\s*-\s*|\s+)(?i:years?|yrs?)(?:\s*-\s*|\s+)(?i:old)\b"
        # Not "I'm 5 years old at heart", "... in dog years".
        r"(?!\s+(?i:at\s+heart|inside|in\s+spirit|mentally|in\s+\w+\s+years))",
        value="raw",
        settled=True,  # not "When I'm 65 years old, I'll retire"
    ),
    # "I'm 34.", "I am 41, and ...", "Kyle is 7 now", "My son is 7": a bare number after
    # "I'm" or a person's "is" that ends the clause (not "I'm 10 minutes away", "I'm 100%
    # sure", "I'm 2 for 2", "I'm 30 in June"; a thing's "is" names no one: "My score is 85").
    make_rule(
        "age",
        "m am is",
        r"(?i:'m|\bam|\bis)\s+(?:(?i:now|just|only|almost|nearly)\s+)?"
        + _AGE
        + r"(?=\s*(?:[.!;]|,(?!\d)|$)|\s+(?i:and|but|now|today)\b)",
        value="raw",
        settled=True,
    ),
    # "I just turned 40", "I turned 30 last week" (not "turned 90 degrees", "turned 5 pages").
    make_rule(
        "age",
        "turned",
        r"\b(?i:turned)\s+"
        + _AGE
        + r"\b"
        + _NOT_YEARS
        # An age turned long ago is no age now: "I turned 30 in 2010", "... when I moved".
        + r"(?!\s+(?:(?i:(?:back\s+)?in)\s+\d{4}|(?i:when|the\s+year|\w+\s+years\s+ago)\b))",
        value="raw",
        elide="past",
        settled=True,
    ),
    *FOOD_RULES,
    *NATIONALITY_RULES,
    # ---- birthday ------------------------------------------------------------------
    # "My birthday is March 5th", "Ana's birthday is on the 5th of March", "I was born on
    # 5 March 1990". The date is the value, not the claim's time.
    make_rule(
        "birthday",
        "birthday bday",
        POSS
        + r"\s+(?i:birthday|bday|b-day)(?:'s|\s+(?i:is|falls\s+on))\s+(?:(?i:on)\s+)?"
        + _BIRTHDAY,
        value="date",
        subject="poss",
        stated=True,
    ),
    make_rule("birthday", "born", r"\b(?i:born)\s+(?i:on)\s+" + _BIRTHDAY, value="date"),
    # "Our anniversary is June 12", "My wedding anniversary is on the 5th of March", "Our
    # 10th anniversary is June 12": the day, as a birthday is said (not "Our anniversary is
    # next week": a time, no day).
    make_rule(
        "anniversary",
        "anniversary",
        POSS + _NTH + r"(?:(?i:wedding)\s+)?(?i:anniversary)(?:'s|\s+(?i:is|falls\s+on))\s+"
        r"(?:(?i:on)\s+)?" + _BIRTHDAY,
        value="date",
        subject="poss",
        stated=True,
    ),
    # "We're celebrating our 10th anniversary on June 12", "Ana and I celebrated our
    # anniversary on the 5th of March": the day it falls on, every year.
    make_rule(
        "anniversary",
        "anniversary",
        r"\b(?i:celebrat(?:e|es|ed|ing))\s+"
        + POSS
        + _NTH
        + r"(?:(?i:wedding)\s+)?(?i:anniversary)\s+(?i:on)\s+"
        + _BIRTHDAY,
        value="date",
        subject="poss",
        stated=True,
    ),
    # "I was born in 1990", "born on 5 March 1990", "Ana was born in Lima in 1988": the
    # year, a few words on at most (not "the 1990s").
    make_rule(
        "birth_year",
        "born",
        r"\b(?i:born)\s+(?i:in|on)\s+(?:[\w]+,?\s+){0,3}?(?P<val>(?:19|20)\d\d)(?![\w'\u2019])",
        value="raw",
    ),
    # ---- pronouns -------------------------------------------------------------------
    # "My pronouns are they/them", "I use she/her pronouns", "I go by he/him".
    make_rule(
        "pronouns",
        _PRONOUN_ANCHORS,
        # "My (preferred) pronouns are she/her".
        POSS
        + r"\s+(?:(?i:preferred|current)\s+)?(?i:pronouns)\s+(?i:are|'re)\s+(?:(?i:now)\s+)?"
        + _PRONOUNS,
        value="raw",
        subject="poss",
        stated=True,
    ),
    make_rule(
        "pronouns",
        _PRONOUN_ANCHORS,
        r"\b(?i:use|uses|go\s+by|goes\s+by|prefer|prefers)\s+" + _PRONOUNS,
        value="raw",
    ),
    # ---- languages -------------------------------------------------------------------
    # "I speak English and French", "Ana is fluent in Japanese", "I'm a native Spanish
    # speaker"; "I don't speak German" denies it.
    make_rule(
        "speaks",
        "speak speaks speaking",
        r"\b(?i:speak|speaks|speaking)\s+" + _LANGUAGE_ITEM,
        value="raw",
        items=_LANGUAGE_ITEM,
    ),
    # "I'm not fluent in Japanese", "I'm not a native English speaker": how well, not
    # whether: a denial gives no claim.
    make_rule(
        "speaks",
        "fluent",
        r"\b(?i:fluent)\s+(?i:in)\s+" + _LANGUAGE_ITEM,
        value="raw",
        items=_LANGUAGE_ITEM,
        denial_drops=True,
    ),
    make_rule(
        "speaks",
        "native",
        r"\b(?i:native)\s+" + _LANGUAGE + r"\s+(?i:speaker)",
        value="raw",
        denial_drops=True,
    ),
    # "My mother tongue is Polish", "Ana's native language is Tamil", "My first language
    # was Spanish".
    make_rule(
        "speaks",
        "tongue language",
        POSS + r"\s+(?i:mother\s+tongue|native\s+(?:language|tongue)|first\s+language)\s+"
        r"(?i:is|was)\s+" + _LANGUAGE,
        value="raw",
        subject="poss",
        stated=True,
    ),
)
