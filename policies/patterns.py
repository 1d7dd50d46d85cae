"""Building blocks of the rule extractor: the ``Rule`` model, shared regex pieces and word lists.

The rule table itself is in ``policies/rules.py``; the engine that runs it is
``policies/extract.py``. Keeping the vocabulary here makes it reviewable in one place:
everything the extractor knows about English is in these files and
``policies/subject_words.py`` (the words of subjects, clauses and requests).
"""

from __future__ import annotations

import re
from functools import cached_property
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict

from nousmem.policies.letters import LETTER, LOWER, UPPER
from nousmem.projections.title_points import TITLE_POINT

ValueKind = Literal[
    "np",
    "vp",
    "name",
    "status",
    "pet",
    "raw",
    "date",
    "count",
    "clock",
    "allergen",
    "hours",
    "weekday",
]
SubjectMode = Literal["walk", "poss", "pair", "speaker"]
ElideMode = Literal["never", "past", "past_ing"]

#: Attributes whose dimension holds several independent values at once.
MULTI_VALUED: frozenset[str] = frozenset(
    {
        "likes",
        "dislikes",
        "pet",
        "hobby",
        "activity",
        "uses",
        "friend",
        "visited",
        "goal",
        "child",
        "sibling",
        "parent",
        "grandparent",
        "instruction",
        "allergy",
        "diet",
        "medication",
        "condition",
        "injury",
        "speaks",
        "school",
        "studied",
        "vehicle",
        "fear",
        "nationality",
        "personality",
        "coworker",
        "neighbor",
        "roommate",
        "relative",
        "project",
        "todo",
        "days_off",
    }
)
#: Every attribute the rule extractor can emit.
ATTRIBUTES: frozenset[str] = MULTI_VALUED | {
    "age",
    "answer_language",
    "employer",
    "location",
    "origin",
    "name",
    "role",
    "spouse",
    "manager",
    "doctor",
    "dentist",
    "therapist",
    "teacher",
    "nanny",
    "grade",
    "team",
    "timezone",
    "relationship_status",
    "birthday",
    "anniversary",
    "pronouns",
    "work_mode",
    "budget",
    "wake_time",
    "bedtime",
    "birth_year",
    "number_of_children",
    "chronotype",
    "commute",
    "handedness",
    "work_hours",
    "household",
    "housing",
}


class Rule(BaseModel):
    """One extraction rule: a trigger regex plus how to read its subject and value.

    ``regex`` must define a ``val`` group and may define ``poss`` (a possessor such as "my"
    or "Caroline's" that names the entity), ``neg`` (a word that negates: "my *ex*-wife"),
    ``old`` (a previous value to negate: "switched *from Vim* to Emacs") and ``species`` /
    ``petname``. A ``subject="pair"`` rule opens with a joint subject that includes the
    speaker (group ``pair``: "Tom and I", "we") and marks its verb with group ``act``. A
    ``subject="speaker"`` rule reads a request to the assistant that names no one ("Set a
    reminder to call Mom"): the speaker's. The rule only runs on sentences containing one
    of its ``anchors``.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    attribute: str
    #: The trigger regex, uncompiled: :attr:`regex` compiles it on first use, so importing
    #: the rule table (500-odd patterns) costs no compilation, and a process compiles only
    #: the rules whose anchors its texts hold (a CLI command that reads no text, none).
    pattern: str
    anchors: frozenset[str]
    #: Lowercase values (an article or "my" left out) that make the match an idiom, not a
    #: fact: "I work at *the moment*"; a word ending in ``*`` rejects every value it starts
    #: ("own*": "I work at my own pace", "fear*": "I live in fear of my landlord").
    reject: frozenset[str] = frozenset()
    value: ValueKind = "np"
    subject: SubjectMode = "walk"
    template: str = "{}"
    negate: bool = False
    change: bool = False
    #: Attribute to use under plain negation ("don't like X" -> dislikes X).
    alt_negated: str | None = None
    #: The value is presupposed by a noun phrase ("my daughter Sara"): the clause's negation
    #: or "anymore" ("I don't live with my daughter Sara anymore") does not deny it.
    presupposed: bool = False
    #: The clause's time does not date the value: a relative or a pet named by a noun
    #: phrase ("My sister Maya moved to Berlin last year": Maya was her sister before).
    undated: bool = False
    #: Dated by the day it was said, not by the clause's time: a stay under way ("I'm in
    #: Chicago until Thursday", "Ana is away until Friday": there that day, not on the day
    #: it ends).
    said_day: bool = False
    #: Dated by a time after the value, where the clause has one: the second of two moves
    #: ("moved to Berlin in 2019 and then to Munich last year": Munich last year).
    time_after: bool = False
    #: A denied clause gives no claim: "I never divorced Tom" says neither that Tom is her
    #: husband nor that he is not.
    denial_drops: bool = False
    #: A plain denial (no cessation) gives no claim: "I'm not a cashier at Target" denies
    #: the role, not the place; "I'm no longer a nurse at Mercy" still denies both.
    plain_denial_drops: bool = False
    #: A denial this rule reads gives way to an assert of the same fact in the sentence:
    #: "I'm no longer a cashier at Target, I'm a manager at Target".
    yields: bool = False
    #: Only of someone else: "I died when I saw it" is a figure of speech.
    others_only: bool = False
    #: Whether a subjectless sentence ("Went hiking today!") counts as the speaker.
    elide: ElideMode = "never"
    #: The subject must stand alone: joined to another ("Tom and I", "neither Tom nor I",
    #: "Ana and Tom") it gives no claim. The joint-subject rules read those, or nothing does.
    solo: bool = False
    #: A joint subject gives a claim only when the speaker is the subject found: "Ana and I
    #: are engaged" is the speaker's status, "Ana and Tom got married" no one's (not Tom's
    #: alone).
    speaker_joint: bool = False
    #: A match inside double quotes, or single quotes a reporting clause names as someone's
    #: ("'I'm divorced,' Ana said"), gives no claim: a marriage's end or start quoted
    #: ('"We're separated now," she said') is someone else's words, and ending a marriage
    #: on them would remove a real spouse.
    unquoted: bool = False
    #: A match gives no claim when a word before it supposes or awaits it (:func:`supposed`):
    #: "When my divorce is final, I'll move", "If the judge signs today, my divorce is
    #: final", "I can't wait till my divorce is final".
    settled: bool = False
    #: The possessive states the value ("My name is Sam"): a denial, a hypothetical or a
    #: comparison before the possessor ("It's not true that my name is Bob", "If my name
    #: is Sam, ...") gives no claim.
    stated: bool = False
    #: A raw or status value takes a list ("allergic to peanuts and shellfish") whose
    #: further items each match this (compiled: :attr:`items`) at their start (group
    #: ``val``); so does an ``np`` value's where it is given ("trip to Japan ... and (to)
    #: Korea"), while ``np`` values without it, ``name`` and ``pet`` ones have readers of
    #: their own (``policies/coordination.py``).
    items_pattern: str | None = None
    #: The list stands in the clause's subject ("My trip to Japan and Korea *is* next
    #: month"): a verb may follow its last item, as after names a plural noun leads.
    subject_list: bool = False
    weight: float = 1.0

    @cached_property
    def regex(self) -> re.Pattern[str]:
        """:attr:`pattern` compiled (once per rule)."""
        return re.compile(self.pattern)

    @cached_property
    def items(self) -> re.Pattern[str] | None:
        """:attr:`items_pattern` compiled (once per rule), if any."""
        return None if self.items_pattern is None else re.compile(self.items_pattern)


# ---- regex pieces -------------------------------------------------------------------
# Verb phrases are wrapped in (?i:...) so that names stay case-sensitive: a capital letter
# is the only cue that "Google" is a name.
# A run of value characters, then at most one title's point, decimal point or software
# name's point and another run ("St. Louis", "Python 3.12", "Next.js"): a character class
# runs fast, an alternation per character would not.
_VALUE_RUN = r"[^.,;:!?()\[\]\n\"]"
_NAME_POINT = r"(?<=\w)\.(?=(?i:js|io|ai|net|com|ts|app|dev)\b)"
VAL = (
    rf"(?P<val>{_VALUE_RUN}{{1,80}}(?:(?:{TITLE_POINT}|(?<=\d)\.(?=\d)|{_NAME_POINT})"
    rf"{_VALUE_RUN}{{1,60}})?)"
)
NAME = rf"[{UPPER}][{LETTER}'-]+(?:{TITLE_POINT})?(?:\s+[{UPPER}][{LETTER}'-]+){{0,2}}"
NAME_VAL = rf"(?P<val>{NAME})"
#: A name right after a noun ("my son Kyle", "my boss Tom"): not a contraction of "I" ("my
#: brother I'm sure ...", "my boss I'd say ..."). A name set off by commas is as often the
#: person spoken to ("about my boss, Tom, he's ..."), so only one a verb follows is the
#: noun's: "My boss, Karen, is on vacation", "My sister, Maya, lives in Paris".
NAME_AFTER_NOUN = (
    rf"(?:\s+(?!I'|[{UPPER}][{LETTER}-]*'d\b)|\s*,\s+(?={NAME}\s*,\s+"
    r"(?:just|also|still|recently|finally|always|never|now|is|was|has|had|will|can|does|did"
    r"|lives|works|[a-z]+ed)\b))" + NAME_VAL
)


def one_of(words: str) -> str:
    """The space-separated ``words`` as one case-blind alternation, longest first (so that
    "co-workers" is tried before "co-worker"): ``(?i:co-workers|co-worker|...)``."""
    return rf"(?i:{'|'.join(sorted(words.split(), key=len, reverse=True))})"


def not_after(verbs: str) -> str:
    """Lookbehinds that fail right after any of ``verbs`` (space-separated, any case) and a
    space: after them a possessive is an indirect object ("I told my boss Friday works")."""
    return "".join(rf"(?<!\b(?i:{v}) )" for v in verbs.split())


POSS = rf"(?P<poss>\b[Mm]y|\b[Oo]ur|\b[{UPPER}][{LOWER}]+'s)"
#: Where :data:`POSS` can start, as a lookahead: put before a run of lookbehinds that guards
#: a POSS, so they run at such places only, not at every character of the text.
POSS_START = rf"(?=\b[Mmo{UPPER}])"
CAP = rf"(?=(?:[Tt]he\s+)?[{UPPER}])"

SPECIES_WORDS = (
    "dog dogs puppy puppies pup pups cat cats kitten kittens kitty hamster hamsters rabbit "
    "rabbits bunny bunnies parrot parrots bird birds fish goldfish turtle turtles tortoise "
    "snake snakes horse horses pony ponies lizard lizards gecko ferret ferrets gerbil gerbils "
    "chinchilla hedgehog iguana cockatiel budgie guinea"
)
#: Each species said alone, lowercase ("dog", "guinea pig"): a pet's value without a name.
SPECIES_NAMES: frozenset[str] = frozenset(SPECIES_WORDS.split()) | {"guinea pig"}
SPECIES_NOUN = (
    r"(?P<species>(?i:guinea\s+pigs?|"
    + "|".join(w for w in SPECIES_WORDS.split() if w != "guinea")
    + r"))"
)
"""A species word (group ``species``), with nothing about what follows it."""
SPECIES = (
    SPECIES_NOUN
    + r"(?!\s+(?i:paintings?|drawings?|pictures?|pics?|photos?|portraits?|sculptures?|beds?"
    + r"|food|toys?|treats?|shelters?|park|walker|sitter|show|costume|sweater|figurines?"
    + r"|mug|prints?|sticker|stuffed|plush|breed|lovers?|person|people"
    # compound nouns: "a cat scan", "a dog bite", "a bird feeder", "fish and chips"
    + r"|scan|bite|tag|tattoos?|allerg(?:y|ies)|feeders?|cages?|tanks?"
    + r"|videos?|memes?|sitting|walking|grooming|trainer|groomer|collar|leash"
    + r"|and\s+chips|sauce|stick|tacos?|market|fight|nap|'s\s+foot|days|houses?"
    + r"|tags(?!\s+along))\b)"
    # a pet that died ("My dog Max passed away"): no pet now; not "passed the test",
    # "almost died", "is gone for the weekend"
    + r"(?!(?:\s+(?!(?i:almost|nearly|never)\b)[\w'-]+)?\s+(?i:died|passed\s+away"
    + r"|passed(?=\s*[.!,]|\s+(?:last|this|yesterday|recently|on|in)\b)|was\s+put\s+down)\b)"
)
SPORTS_WORDS = (
    "yoga pilates kickboxing boxing taekwondo karate judo jiu-jitsu crossfit zumba meditation "
    "pottery gardening knitting crochet photography calligraphy archery fencing rowing "
    "kayaking surfing skateboarding snowboarding skiing climbing bouldering weightlifting "
    "martial ballet salsa tai parkour"
)
SPORTS = (
    r"(?P<val>(?i:martial\s+arts|tai\s+chi|"
    + "|".join(w for w in SPORTS_WORDS.split() if w not in ("martial", "tai"))
    + r"))"
)
OCCUPATIONS = (
    "teacher nurse doctor physician surgeon engineer developer programmer designer artist "
    "painter sculptor writer author poet novelist journalist editor musician singer "
    "songwriter dancer chef cook baker lawyer attorney accountant student counselor "
    "counsellor therapist psychologist psychiatrist scientist researcher professor "
    "lecturer librarian pharmacist dentist veterinarian vet firefighter officer soldier "
    "veteran pilot driver mechanic electrician plumber carpenter farmer photographer "
    "manager consultant analyst architect entrepreneur founder ceo cto intern barista "
    "waiter waitress bartender cashier realtor banker coach trainer instructor tutor actor "
    "actress athlete paramedic midwife caregiver volunteer activist politician blogger "
    "youtuber streamer influencer illustrator animator filmmaker producer director "
    "secretary receptionist clerk janitor tailor florist jeweler "
    # Medicine's specialists and the sciences, each by its name ("I'm a cardiologist").
    "cardiologist dermatologist neurologist oncologist radiologist anesthesiologist "
    "anaesthetist anesthetist pathologist gastroenterologist endocrinologist urologist "
    "nephrologist pulmonologist rheumatologist ophthalmologist optometrist optician "
    "audiologist gynecologist gynaecologist obstetrician pediatrician paediatrician "
    "geriatrician podiatrist orthodontist periodontist hygienist dietitian dietician "
    "nutritionist physiotherapist physio chiropractor osteopath sonographer radiographer "
    "phlebotomist epidemiologist immunologist hematologist haematologist biologist chemist "
    "physicist geologist ecologist astronomer economist statistician mathematician "
    "sociologist anthropologist archaeologist historian linguist translator interpreter "
    "technician paralegal surveyor auditor actuary underwriter neuroscientist zoologist "
    "botanist meteorologist criminologist paleontologist homemaker housewife househusband"
)
#: A parent at home is an occupation too ("I'm a stay-at-home dad"); its anchor is "stay".
_AT_HOME = r"stay-at-home\s+(?:dad|mom|mum|mother|father|parent)"
OCC = "|".join(OCCUPATIONS.split()) + "|" + _AT_HOME
FRIEND = r"(?i:friend|buddy|pal|bestie|bff)"
FRIEND_ADJ = r"(?:(?i:best|good|close|old|dear|childhood|new)\s+)?"
# A partner is a spouse's place without the wedding ("my partner Sam"); not "my partner in
# crime", "my partner at the firm / from work / for the project".
SPOUSE = r"(?i:husband|wife|spouse|hubby|partner(?!\s+(?:in\s+crime|at|from|for|on)\b))"
SPOUSE_NEG = r"(?P<neg>(?i:ex-|ex\s+|late\s+|former\s+))?"
# "I'm *not* into golf", "I'm *no longer* single": a negation inside the matched phrase.
NOT_WORD = r"(?:(?P<neg>(?i:not|no\s+longer|never))\s+)?"
#: Capitalised words that follow "My name is" or "My husband is called" and are no name:
#: nationalities, faiths, politics and titles.
#: A title before a name ("Dr. Patel", "Professor Lee"): "Call me Dr. Patel" asks to be
#: called by both, "My name is Dr. Sarah Patel" names "Sarah Patel".
NAME_TITLE = r"(?:(?:Dr|Mr|Mrs|Ms|Mx|Prof)\.?|Professor|Doctor|Coach|Captain|Rabbi|Father|Pastor)"
NOT_A_NAME = (
    r"(?!(?:"
    + "|".join(
        (
            "American British English Irish Scottish Welsh Canadian Mexican Brazilian "
            "Argentinian Colombian Peruvian Chilean Cuban Puerto French German Italian "
            "Spanish Portuguese Dutch Belgian Swiss Austrian Swedish Norwegian Danish "
            "Finnish Polish Czech Russian Ukrainian Greek Turkish Israeli Iranian Persian "
            "Arab Arabic Egyptian Moroccan Nigerian Kenyan Ethiopian South African Indian "
            "Pakistani Bangladeshi Chinese Japanese Korean Vietnamese Thai Filipino "
            "Indonesian Australian Asian European Latino Latina Hispanic Black White Native "
            "Jewish Muslim Christian Catholic Protestant Mormon Hindu Buddhist Sikh Atheist "
            "Agnostic Baptist Methodist Lutheran Orthodox Republican Democrat Conservative "
            "Liberal Vegan Vegetarian Dr Mr Mrs Ms Prof Professor Doctor Captain Sergeant "
            # More peoples, regions, signs and services a capital letter may open ("My
            # friend is Jamaican", "My husband is Pisces / Army").
            "Jamaican Haitian Dominican Venezuelan Ecuadorian Bolivian Uruguayan Guatemalan "
            "Salvadoran Honduran Panamanian Caribbean Scandinavian Nordic Icelandic Hungarian "
            "Romanian Bulgarian Serbian Croatian Slovak Slovenian Lithuanian Latvian Estonian "
            "Belarusian Armenian Lebanese Syrian Iraqi Saudi Emirati Jordanian Palestinian "
            "Afghan Nepali Nepalese Malaysian Singaporean Taiwanese Cantonese Mongolian "
            "Ghanaian Somali Sudanese Ugandan Tanzanian Zimbabwean Senegalese Algerian "
            "Tunisian African Aries Taurus Virgo Scorpio Sagittarius Capricorn Aquarius "
            "Pisces Army Navy Marines "
            # ... and conditions ("My daughter is Autistic").
            "Autistic Deaf Blind Diabetic Dyslexic Epileptic Disabled Gay Lesbian Bisexual "
            "Trans Queer"
        ).split()
    )
    + r")\b)"
)
# A value cannot start with a pronoun or a function word.
NOT_A_VALUE = r"(?!(?i:it|that|this|them|these|those|and|with|about|to)\b)"


#: Where what someone gave up or stopped ends: the sentence, or a time or a reason after it
#: ("I gave up dairy last year", "... in 2020", "... because ..."); not "for Lent" (a while).
GIVEN_UP_END = (
    r"(?=\s*(?:[.,;!]|$)|\s+(?i:last|this|in|two|three|a|an|years?|months?|since|after"
    r"|when|because|and|but)\b)"
)
#: Plural species -> the singular used in values ("dog Max").
SPECIES_SINGULAR: dict[str, str] = {
    "dogs": "dog",
    "puppies": "puppy",
    "pups": "pup",
    "cats": "cat",
    "kittens": "kitten",
    "hamsters": "hamster",
    "rabbits": "rabbit",
    "bunnies": "bunny",
    "parrots": "parrot",
    "birds": "bird",
    "turtles": "turtle",
    "snakes": "snake",
    "horses": "horse",
    "ponies": "pony",
    "lizards": "lizard",
    "ferrets": "ferret",
    "gerbils": "gerbil",
    "guinea pigs": "guinea pig",
}


def make_rule(attribute: str, anchors: str, pattern: str, **options: Any) -> Rule:
    """Build a ``Rule`` from a space-separated anchor list and an uncompiled pattern
    (``reject`` too may be a space-separated word list)."""
    if "items" in options:
        options["items_pattern"] = options.pop("items")
    if isinstance(options.get("reject"), str):
        options["reject"] = words(options["reject"])
    return Rule(attribute=attribute, pattern=pattern, anchors=words(anchors), **options)


def words(text: str) -> frozenset[str]:
    """Split a space-separated word list into a frozenset."""
    return frozenset(text.split())
