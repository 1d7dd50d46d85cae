"""Rules for who someone is in person: their name, their age, birthday and birth year, what
they are allergic to, the diet they keep and the languages they speak.

Part of the rule table (``policies/rules.py`` assembles it); see ``patterns.Rule`` for what
each option means. Each reads a plain, common phrasing only ("My name is Sam", "Call me
Sam", "I'm 34 years old", "I'm allergic to peanuts", "I'm vegan"); "I'm Sam" is left alone, as "I'm
Back!" and "I'm Catholic" are said the same way.
"""

from __future__ import annotations

from nousmem.policies.letters import LETTER, UPPER
from nousmem.policies.patterns import (
    GIVEN_UP_END,
    NAME_VAL,
    NOT_A_NAME,
    NOT_WORD,
    POSS,
    Rule,
    make_rule,
)

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
# "Let's say / pretend / if ... my name is Bob", "It's not true that my name is Bob": rules
# marked ``stated`` (and ``settled``) give no claim then.
# An age in years a person can have: not "I turned 180" (degrees) nor "turned 2024".
_AGE = r"(?P<val>1[01]\d|[1-9]?\d)"
# What "turned <number>" counts when it is no age.
_NOT_YEARS = (
    r"(?!\s*(?:[%\d.,:]\d|%|(?i:percent|degrees?|minutes?|hours?|days?|weeks?|months?"
    r"|times|dollars|bucks|euros|pages?|miles?|km|pounds?|kg|lbs?|points?|pm|am|o'clock)\b))"
)
# The allergy's severity, between the verb and "allergic".
_SEVERITY = (
    r"(?:(?i:very|severely|seriously|really|so|extremely|mildly|slightly|deathly|super|highly"
    r"|a\s+(?:bit|little))\s+)?"
)

# An allergen's words, and what ends it.
_WORD = rf"[{LETTER}][{LETTER}'-]*"
_AFTER_ALLERGEN = (
    "my|tbh|lol|haha|since|for|and|or|but|too|as|all|every|ever|though|now|anymore|so|which"
    "|that|because|when|whenever|if|unless|like|apparently|actually|really|right|at|in|on"
    "|from|after|before|during|until|while|who|whom|whose|where"
)
# Not an allergen: a pronoun or a vague word ("allergic to it / that stuff / whatever they
# put in ..."), people ("allergic to people who chew loudly").
_NOT_ALLERGEN = (
    "anything|nothing|everything|something|it|that|this|these|those|them|him|her|me|you"
    "|whatever|anyone|anybody|everyone|everybody|people|someone|somebody|my|his|their|our"
    "|your"
)

# A short thing, not what follows it: "penicillin (my whole life)", "cats (tbh)"; not a
# count ("2 things: ...").
_ALLERGEN = (
    rf"(?P<val>(?![\d]|(?i:{_NOT_ALLERGEN})\b)"
    + rf"{_WORD}(?:\s+(?!(?i:{_AFTER_ALLERGEN})\b){_WORD}){{0,2}})"
)

# Diets by name; a value is the lowercase word ("gluten free" -> "gluten-free", see
# ``patterns.STATUS_OF``).
_DIETS = (
    r"(?P<val>(?i:vegetarian|vegan|pescatarian|pescetarian|gluten[- ]free|dairy[- ]free"
    r"|lactose[- ]intolerant|gluten[- ]intolerant|keto|paleo|kosher|halal))\b"
    # Not a thing of that kind: "a vegan restaurant", "vegetarian options", "keto bread".
    r"(?!-|\s+(?i:restaurant|restaurants|place|places|food|foods|recipe|recipes|option|options"
    r"|meal|meals|dish|dishes|friendly|burger|burgers|cafe|bakery|menu|cheese|version"
    r"|alternative|alternatives|bread|pizza|snack|snacks|cookbook|friend|friends|lasagna"
    r"|lasagne|products?|brand|store|shop|cooking|cuisine|chili|curry|pasta|cake|cookies|chef"
    r"|chefs|cook|cooks|baker|bakers|blogger|bloggers)\b)"
)

# A diet in a list after the first: "I'm vegan *and gluten-free*".
_DIET_ITEM = r"(?:(?i:a|an)\s+)?" + _DIETS

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
_ZONE_END = r"(?:\s+(?i:time\s*zone|timezone|zone))?(?=\s*(?:[.,;!?)]|$)|\s+(?i:and|but|now|so)\b)"

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
    # "I'm in Pacific time", "I'm on CET", "Tom is in the Eastern time zone".
    make_rule(
        "timezone",
        "time zone timezone utc gmt pst pdt mst mdt cst cdt est edt akst hst bst ist cet cest "
        "eet eest wet west jst kst sgt hkt aest aedt acst awst nzst nzdt sast wat eat msk",
        r"(?i:'m|\bam|'s|\bis|\bare)\s+(?:(?i:now|currently|usually|also)\s+)?"
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
        r"(?i:call)\s+(?P<poss>(?i:me))\s+" + NOT_A_NAME + _NOT_CALLED + NAME_VAL + _NAME_END,
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
    # ---- allergy ---------------------------------------------------------------------
    # "I'm allergic to peanuts", "Ana is severely allergic to shellfish".
    make_rule(
        "allergy",
        "allergic",
        r"(?i:'m|\bam|'s|\bis|\bare|\bbe|\bget|\bgot|\bbecame|\bbeen)\s+"
        + NOT_WORD
        + _SEVERITY
        + r"(?i:allergic)\s+(?i:to)\s+"
        + _ALLERGEN,
        value="raw",
        settled=True,  # not "I may be allergic to cats"
        items=_ALLERGEN,  # "allergic to peanuts and shellfish"
    ),
    # "I have a peanut allergy", "I've got a severe shellfish allergy".
    make_rule(
        "allergy",
        "allergy",
        r"(?i:\bhave|\bhas|'ve\s+got|\bgot)\s+(?:(?i:an?)\s+)?"
        r"(?:(?i:severe|serious|bad|mild|slight|deadly|life-threatening)\s+)?"
        r"(?P<val>(?!(?i:severe|serious|bad|mild|slight|new|an?|the|some|no|food|skin|drug"
        r"|medication|medicine|seasonal|environmental|that|this|weird|strange|known|suspected"
        r"|possible|mystery)\b)"
        rf"[{LETTER}-]{{3,30}})"
        r"\s+(?i:allergy)\b",
        value="raw",
        settled=True,
    ),
    # ---- diet ------------------------------------------------------------------------
    # "I'm vegan", "I'm a vegetarian", "Ana is gluten-free", "I went vegan last year".
    make_rule(
        "diet",
        "vegetarian vegan pescatarian pescetarian gluten dairy lactose keto paleo kosher halal",
        r"(?i:'m|\bam|'s|\bis|'re|\bare|\bbe|\bbeen|\bbecame|\bwent|\bgone)\s+"
        + NOT_WORD
        + r"(?:(?i:now|fully|strictly|mostly|completely|basically|still|also|both|all|a"
        r"|an)\s+){0,2}" + _DIETS,
        value="status",
        items=_DIET_ITEM,  # "I'm vegan and gluten-free"
    ),
    # "I'm on a keto diet", "I follow a vegan diet", "I eat gluten-free", "I keep kosher".
    make_rule(
        "diet",
        "vegetarian vegan pescatarian pescetarian gluten dairy lactose keto paleo kosher halal",
        r"\b(?i:on\s+an?|follow\s+an?|follows\s+an?|eat|eats|keep|keeps)\s+"
        + _DIETS
        + r"(?:\s+(?i:diet))?(?=\s*(?:[.,;!?)]|$)|\s+(?i:and|but|now|since|for|these)\b)",
        value="status",
        items=_DIET_ITEM,
    ),
    # "I can't eat gluten.", "I don't eat dairy anymore.", "I don't eat pork.": the diet
    # free of it ("pork-free"), only when
    # the sentence ends there. Whatever follows is as often a limit for a while or a place
    # ("for a week", "during Lent", "after 8pm", "at this restaurant") or says how much
    # ("very often", "much"). "Have" only as "can't have": "I don't have dairy" is the fridge.
    make_rule(
        "diet",
        "eat have",
        r"(?:(?i:can't|cannot|can\s+not)\s+(?i:eat|have)|(?i:don't|do\s+not)\s+(?i:eat))\s+"
        r"(?:(?i:any)\s+)?(?P<val>(?i:gluten|dairy|meat|pork|beef|seafood|shellfish|fish|eggs"
        r"|nuts|peanuts|sugar|soy))(?=(?:\s+(?i:anymore|at\s+all))?\s*"
        r"(?:[.!]|$))",
        value="status",
        template="{}-free",
        presupposed=True,  # "anymore" says the diet is new, not that it ended
        settled=True,  # not "If I can't eat gluten."
    ),
    # "I stopped eating meat", "I gave up dairy last year": a diet free of it from then on.
    make_rule(
        "diet",
        "eating gave",
        r"\b(?:(?i:stopped|quit)\s+(?i:eating)|(?i:gave\s+up)(?:\s+(?i:eating))?)\s+"
        r"(?P<val>(?i:gluten|dairy|meat|pork|beef|seafood|shellfish|fish|eggs|sugar))"
        + GIVEN_UP_END,
        value="status",
        template="{}-free",
        change=True,
        elide="past",
        settled=True,
    ),
    # "I don't drink.", "I don't drink alcohol anymore.", "I can't drink alcohol.": an
    # alcohol-free diet, only when the sentence ends there ("I don't drink much", "...
    # coffee after 6pm", "... on weeknights" say how much, what or when).
    make_rule(
        "diet",
        "drink",
        r"(?:(?i:can't|cannot|can\s+not|don't|do\s+not|doesn't|does\s+not|never)\s+)"
        r"(?P<val>(?i:drink)(?:\s+(?i:alcohol|booze|liquor))?)"
        r"(?=(?:\s+(?i:anymore|any\s+more|at\s+all))?\s*(?:[.!]|$))",
        value="status",
        template="{}-free",
        presupposed=True,  # "anymore" says the diet is new, not that it ended
        settled=True,
    ),
    # "I stopped drinking last year", "I quit drinking", "I gave up alcohol".
    make_rule(
        "diet",
        "drinking alcohol booze",
        r"\b(?:(?i:stopped|quit|gave\s+up)\s+"
        r"(?P<val>(?i:drinking(?:\s+alcohol)?|alcohol|booze)))" + GIVEN_UP_END,
        value="status",
        template="{}-free",
        change=True,
        elide="past",
        settled=True,
    ),
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
        POSS + r"\s+(?i:pronouns)\s+(?i:are|'re)\s+(?:(?i:now)\s+)?" + _PRONOUNS,
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
)
