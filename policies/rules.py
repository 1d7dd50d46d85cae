"""The rule table of the rule extractor: which phrasings produce which attribute.

This module holds the rules about who someone is (employer, home, origin, role, tools,
relationships, goals) and assembles them with ``rules_places`` (places visited),
``rules_leisure`` and the others into ``RULES``. Claims are emitted in text order and, for
one position, in rule order. Each entry reads ``make_rule(attribute, anchors, pattern,
**options)``; see ``patterns.Rule``.
"""

from __future__ import annotations

import re

from nousmem.policies.letters import LETTER, UPPER
from nousmem.policies.patterns import (
    CAP,
    NAME,
    NOT_WORD,
    OCC,
    OCCUPATIONS,
    POSS,
    VAL,
    Rule,
    make_rule,
)
from nousmem.policies.rules_education import EDUCATION_RULES
from nousmem.policies.rules_leisure import LEISURE_RULES
from nousmem.policies.rules_personal import PERSONAL_RULES
from nousmem.policies.rules_places import PLACE_RULES
from nousmem.policies.rules_relations import RELATION_RULES

__all__ = ["ANCHOR_INDEX", "ANCHOR_WORD", "RULES"]

# "I'm (not / no longer) (now) a ...": being what an occupation names.
_BEING = (
    r"(?i:'m|\bam|'s|\bis|\bbecame|\bbecome|\bbecoming)\s+"
    + NOT_WORD
    + r"(?:(?i:now|also|still|currently|officially|finally)\s+)?"
)

# Before an occupation, a poor judgement or a past, not a job: "I'm a terrible cook", "a
# retired nurse", "an aspiring writer" ("a good nurse" still is one).
_JUDGED = (
    r"(?i:bad|terrible|awful|lousy|horrible|worse|worst|former|semi-retired|retired|ex|aspiring|wannabe"
    r"|would-be)\b(?!-)"
)

# Occupations whose "at X" names an employer ("a nurse at St Mary's").
_EMPLOYED_AS = " ".join(
    w
    for w in OCCUPATIONS.split()
    if w not in {"student", "volunteer", "activist", "veteran", "athlete", "blogger", "youtuber"}
    and w not in {"streamer", "influencer", "entrepreneur", "founder"}
)

# Apps and platforms people leave and join as users.
_PLATFORM = (
    r"(?:Facebook|Twitter|X|Instagram|TikTok|Reddit|Discord|WhatsApp|Signal|Telegram|Snapchat"
    r"|Spotify|Apple\s+Music|Netflix|Hulu|Tinder|Hinge|Bumble|Mastodon|Bluesky|Threads|Gmail"
    r"|Outlook|Zoom|Teams|Slack|YouTube|Twitch|LinkedIn|Pinterest|Tumblr|Proton|Substack"
    r"|Medium|Strava|Duolingo|Noom|Peloton)"
)

# Software and services one moves to as a user ("moved from Windows to Linux"): a tool used,
# not a home. Not island- or place-like names ("Java", "Arch" alone would be ambiguous).
_SOFTWARE = (
    r"(?:Linux|Windows|macOS|Mac|Ubuntu|Debian|Fedora|Android|iOS|Python|Rust|JavaScript"
    r"|TypeScript|React|Vue|Angular|Svelte|Excel|Google\s+Sheets|Google\s+Docs|Notion"
    r"|Obsidian|Evernote|Slack|Vim|Emacs|Neovim|VS\s+Code|PostgreSQL|Postgres|MySQL|SQLite"
    r"|MongoDB|Kubernetes|Docker|GitHub|GitLab|Figma|Chrome|Firefox|Safari|AWS|GCP|Azure"
    r"|Heroku|Vercel|Jira|Trello|Asana|Tidal|Dropbox|OneDrive|iCloud|Gmail|Outlook)"
)

# What one retires from that is a job: an organisation by name (not an app), a service or
# a profession; not a pastime, an app or a joke ("from dating", "from Twitter", "from being
# your therapist").
_RETIRED_FROM = (
    rf"(?!{_PLATFORM}\b)(?:[Tt]he\s+)?[{UPPER}]"
    r"|(?i:the\s+(?:military|force|bench|service|police|company|firm|department|workforce"
    r"|board\s+of|civil\s+service|fire\s+department)|my\s+(?:job|career|position|post"
    r"|practice)|work|teaching|nursing|medicine|law|dentistry|policing|practice"
    r"|engineering|accounting|public\s+service|active\s+duty)\b"
)

_FACT_RULES: tuple[Rule, ...] = (
    # ---- employer -----------------------------------------------------------------
    make_rule(
        "employer",
        "work works worked working",
        r"\b(?i:work(?:s|ed|ing)?\s+(?:full[- ]time\s+|part[- ]time\s+|remotely\s+"
        r"|freelance\s+)?(?:at|for))\s+" + VAL,
        elide="past",
        # "I work at the moment", "at night", "for a living", "at my own pace": no employer.
        reject="moment night nights day days the weekend weekend weekends living a living"
        " peanuts home time own* same* pace improving* getting* making* trying*",
    ),
    make_rule(
        "employer",
        "employed hired",
        r"\b(?i:employed\s+(?:at|by)|hired\s+(?:at|by))\s+" + VAL,
        elide="past",
    ),
    make_rule(
        "employer",
        "job position role gig",
        r"\b(?i:(?:got|landed|accepted|started|took|start|starting|began)\s+(?:a\s+)?"
        r"(?:new\s+)?(?:job|position|role|gig)\s+(?:at|with))\s+" + VAL,
        change=True,
        elide="past",
    ),
    make_rule(
        "employer",
        "job position",
        # Not the job left: "I got fired from my job at Target", "I quit my job at Acme".
        r"(?<!(?i:fired)\sfrom\s)(?<!(?i:off)\sfrom\s)(?<!(?i:go)\sfrom\s)"
        r"(?<!(?i:quit)\s)(?<!(?i:left)\s)(?<!(?i:lost)\s)(?<!(?i:losing)\s)"
        + POSS
        + r"\s+(?:(?P<neg>(?i:old|former|previous|last))\s+|(?i:new|current|first)\s+)?"
        r"(?i:job|position)\s+(?i:at|with)\s+" + VAL,
        subject="poss",
    ),
    make_rule(
        "employer",
        "joined join joins joining",
        r"\b(?i:joined|join|joins|joining)\s+"
        # Not company: "I joined Tom for lunch", "Join us for dinner".
        + rf"(?![{UPPER}][{LETTER}'-]+\s+(?i:for|on|at|in)\s+(?i:(?:a|an|the|some)\s+)?"
        r"(?i:lunch|dinner|breakfast|brunch|coffee|drinks?|walk|run|game|hike|trip|call)\b)"
        + CAP
        + VAL,
        # Joining an organisation is a change of employer, as starting at one is: without
        # it "I left Google and joined Sarvam AI." would only contradict Google.
        change=True,
        elide="past",
    ),
    make_rule(
        "employer",
        "started starting start",
        r"\b(?i:started|starting|start)\s+(?i:at)\s+" + CAP + VAL,
        change=True,
        elide="past",
    ),
    make_rule(
        "employer",
        "quit quitting resigned retired left lost losing fired laid let",
        # "left/lost my job at" takes any value ("the bank"); a bare "quit" needs a name.
        r"\b(?:(?i:quit|quitting|resigned\s+from|retired\s+from)\s+"
        + rf"(?!{_PLATFORM}\b)"
        + CAP
        + r"|(?i:(?:left|lost|losing|quit|quitting)\s+my\s+(?:old\s+)?job\s+(?:at|with))\s+"
        # "I got fired from Target", "I was laid off from my job at Twitter"
        r"|(?i:(?:fired|laid\s+off|let\s+go)\s+from\s+(?:my\s+(?:old\s+)?job\s+(?:at|with)\s+)?)"
        + CAP
        + r")"
        + VAL,
        negate=True,
        change=True,
        elide="past",
    ),
    make_rule(
        "employer",
        "left leaving quit quitting",
        # "I left Acme to join Stripe", "I quit my job at Acme in March to work for Stripe":
        # the place left was an employer because the next one is. Only a name that ends
        # the clause (or a time, or "as a ...") is the next employer: "I left Starbucks to
        # join Tom at the park" is an errand. A bare "I left Acme" is not read: "left"
        # takes a city or a party as often as a job.
        r"\b(?<!'m\s)(?<!\bam\s)(?<!'s\s)(?<!\bis\s)(?<!'re\s)(?<!\bare\s)"
        r"(?i:left|leaving|quit|quitting)\s+(?:(?i:my\s+(?:old\s+)?job\s+(?:at|with))\s+)?"
        # One app or platform for another is no job ("I left Reddit to join Discord").
        rf"(?!{_PLATFORM}\s+(?i:to)\s+(?i:join|work\s+(?:at|for)|start\s+at)\s+{_PLATFORM}\b)"
        rf"(?!(?:[{UPPER}][{LETTER}'-]*\s+){{0,2}}(?:Gym|Fitness|Club|Church|Party|Labour"
        r"|Tories|Greens|Anonymous|Scouts)\b)"
        rf"(?P<old>[{UPPER}][^.,;:!?()\n]{{0,40}}?)(?<!\bearly)(?<!\blate)(?<!\bnot)(?<!'s)"
        r"\s+(?i:to)\s+(?i:join|work\s+(?:at|for)|start\s+at)\s+"
        # Not a family word ("to join Dad"), a gym, club, church or party.
        + r"(?!(?:Mom|Mum|Dad|Mommy|Daddy|Grandma|Grandpa|Nana|Papa|Mother|Father)\b)"
        + rf"(?!(?:[Tt]he\s+)?(?:[{UPPER}][{LETTER}'-]*\s+){{0,2}}(?:Gym|Fitness|Club|Church"
        r"|Party|Greens|Dems|Democrats|Republicans|Tories|Labour|Conservatives|Recovery"
        r"|Anonymous|Scouts)\b)"
        + rf"(?P<val>(?:[Tt]he\s+)?{NAME}(?:\s+&\s+{NAME})?)(?![{LETTER}'&-])"
        r"(?=\s*(?:[.,;!?)]|$)|\s+(?i:as|on|last|this|earlier|back|after|two|three|a|and"
        r"|because|since|when|instead)\b"
        # "in" a time ("in 2020", "in March"), not a place ("to join Dad in the parking lot").
        r"|\s+(?i:in\s+(?:\d|early|late|mid|the\s+(?:spring|summer|fall|autumn|winter)"
        r"|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)))"
        # Not a move undone: "..., then came back", "and returned in 2023".
        r"(?![^.!?\n]*\b(?<!\bnever\s)(?<!n't\s)(?i:came\s+back|went\s+back|returned|rejoined)\b)",
        change=True,
        # "I never left Acme to join Stripe": she is still at Acme.
        denial_drops=True,
        elide="past",
    ),
    # ---- location / origin -----------------------------------------------------------
    make_rule(
        "location",
        "live lives lived living reside resides resided residing based settled",
        r"\b(?i:live|lives|lived|living|reside|resides|resided|residing|based|settled)\s+(?i:in)\s+"
        + VAL,
        # "I'm living in the moment", "in fear", "in an apartment in Brooklyn" (the next rule).
        reject="moment fear* hope* denial head heads world* past present now sweatpants pajamas"
        " harmony peace sin style luxury poverty comfort bubble dream* dreams gym middle*"
        " apartment* flat* house* condo* dorm* studio* van place* room basement* tent trailer"
        " town* city* neighborhood* neighbourhood* village* suburb* suburbs* nicely different*",
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
        r"(?:(?:(?i:from)|(?P<outof>(?i:out\s+of)))\s+(?P<old>[^.,;:!?()\n]{1,40}?)\s+)?"
        + rf"(?i:to)\s+(?(outof)(?=(?:[Tt]he\s+)?[{UPPER}]))"
        # Not software or an app: "moved from Windows to Linux" (the ``uses`` rules read it).
        + rf"(?!(?:{_SOFTWARE}|{_PLATFORM})\b)"
        r"(?!(?i:tears|a\s+new\s+(?:job|role|team)|the\s+next"
        # Not a home: "moved to a different team", "to part-time", "to the back of the line"
        r"|(?:an?|another)\s+(?:different\s+|new\s+|other\s+)?(?:team|department|role"
        r"|position|job|desk|shift|office|project|group|seat|table|apartment|flat|house|place)"
        r"|part[- ]time|full[- ]time|the\s+(?:back|front|top|bottom|other\s+side|end|side)"
        r")\b)" + VAL,
        change=True,
        elide="past",
    ),
    make_rule(
        "location",
        "moved moving relocated relocating move moves",
        # "I moved out of Berlin (to Munich / to be near family / last year)": a named place
        # left. Not "moved away from" (Windows, Mom, Christianity), nor a move undone or
        # for a while ("... but moved back", "for the summer").
        r"\b(?<!'m\s)(?<!\bam\s)(?<!'s\s)(?<!\bis\s)(?<!'re\s)(?<!\bare\s)"
        r"(?i:moved|moving|relocated|relocating|move|moves)\s+(?i:out\s+of)\s+"
        + CAP
        # Not a part of a place or someone's ("San Francisco's Mission District", "Mom and
        # Dad's place"), nor a family word.
        + rf"(?!(?:[Tt]he\s+)?(?:[{UPPER}][{LETTER}-]*\s+(?:(?:and|&)\s+)?){{0,2}}"
        + rf"[{UPPER}][{LETTER}-]*'s\b)"
        r"(?!(?:Mom|Mum|Dad|Mommy|Daddy|Grandma|Grandpa|Nana|Papa|Mother|Father)\b)"
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
        r"(?i:'m|\bam|\bis|'s|\bcome|\bcomes|\bcame)\s+(?i:originally\s+)?(?i:from)\s+" + CAP + VAL,
    ),
    make_rule(
        "origin",
        "grew born",
        r"\b(?i:grew\s+up|born\s+and\s+raised|born)\s+(?i:in)\s+" + CAP + VAL,
        elide="past",
    ),
    # ---- role ------------------------------------------------------------------------
    # "I'm retired", "I retired last year", "Retired in 2019!": no occupation now.
    make_rule(
        "role",
        "retired semi-retired",
        r"(?:(?i:'m|\bam|\bbeen)\s+"
        + NOT_WORD
        + r"(?:(?i:now|officially|finally|happily|fully|recently|basically|also|still|already"
        r"|newly|long|medically|actually)\s+){0,2}"
        # The verb: only where its sentence could end ("I retired my old laptop" is none).
        # (after a copula it is the adjective: the first branch reads that, or nothing).
        r"|\b(?<!'m\s)(?<!\bam\s)(?<!'s\s)(?<!\bis\s)(?<!\bbe\s)(?<!\bbeen\s)(?<!'re\s)"
        r"(?<!\bare\s)(?<!\bwas\s)(?<!\bwere\s)(?<!\bget\s)(?<!\bgot\s)"
        r"(?=(?i:retired)(?:\s*(?:[.,;!?]|$)|\s+(?i:in|from|when|recently|back"
        # Not bed: "retired early last night", "retired after dinner".
        r"|early(?!\s+(?:to\s+bed|last\s+night|that\s+night|tonight|from\s+the)\b)"
        r"|after(?!\s+(?:dinner|lunch|breakfast|supper|the\s+(?:meal|meeting|party|show|game))\b)"
        r"|yesterday|and|but|so|now|since|because|due)\b"
        r"|\s+(?i:today(?!'s)|too(?!\s+(?:many|much)\b))"
        + rf"|\s+(?i:as)\s+(?:(?i:an?\s|the\s|planned)|[{UPPER}])"
        # A time, not a thing retired: "last year" (not "last year's model"), "this
        # spring" (not "this laptop"), "a few years ago" (not "a server", "two laptops"),
        # "at 60" (not "at midnight").
        r"|\s+(?i:last)\b(?!\s+\S+'s)"
        r"|\s+(?i:this\s+(?:year|month|week|spring|summer|fall|autumn|winter|morning|past))\b"
        r"|\s+(?i:(?:a|an|one|two|three|four|five|six|seven|eight|nine|ten|\d+|several|many|few"
        r"|some)\s+(?:(?:few|couple|good)\s+(?:of\s+)?)?(?:years?|months?|weeks?|days?|decades?"
        r"|yrs?)\b)"
        r"|\s+(?i:at\s+(?:\d|age\b|the\s+age|fifty|sixty|seventy|forty|the\s+end))"
        r")))"
        r"(?P<val>(?i:(?:semi-)?retired))\b"
        # Not "retired-ish", "retired long", nor "retired from" anything but a job.
        r"(?!-|\s+\w+ing\b|\s+(?i:(?:for\s+)?(?:very\s+|that\s+|too\s+)?long)\b"
        + rf"|\s+(?i:from)\s+(?!{_RETIRED_FROM}))",
        value="status",
        # Retiring ends the occupation memory holds ("I'm a nurse" before): a change.
        change=True,
        elide="past",
        settled=True,  # not "When I'm retired, I'll travel"
    ),
    # "I'm a retired nurse": retired from that occupation (the rule below reads no nurse).
    make_rule(
        "role",
        "retired semi-retired",
        _BEING
        + r"(?i:an?)\s+(?P<val>(?i:(?:semi-)?retired))\s+(?:[\w-]+\s+){0,2}?(?i:"
        + OCC
        + r")\b(?!'s)",
        value="status",
        change=True,
        settled=True,
    ),
    make_rule(
        "role",
        OCCUPATIONS,
        _BEING
        + r"(?i:an?)\s+(?P<val>(?:(?!"
        + _JUDGED
        + r")[\w-]+\s+){0,3}?(?i:"
        + OCC
        + r"))\b(?!'s|\s+(?i:at\s+heart|in\s+my\s+dreams|of\s+life)\b)",
        elide="past",
    ),
    make_rule(
        "role",
        "work works worked working employed job career living",
        r"\b(?i:works?|worked|working|employed|job|career|living)\s+(?i:as)\s+(?i:an?|the)\s+"
        + VAL,
        elide="past",
    ),
    # "I'm a software engineer at Google", "I work as a nurse at St Mary's": a role's place
    # is an employer. Not a student's school, a volunteer's charity or an athlete's club.
    make_rule(
        "employer",
        _EMPLOYED_AS,
        r"(?:" + _BEING + r"|\b(?i:works?|worked|working)\s+(?i:as)\s+)"
        # Not "the worst cook", "the designated driver": a role, not a job.
        r"(?i:an?|the(?!\s+(?:best|worst|designated|usual)\b))"
        r"\s+(?:[\w-]+\s+){0,3}?(?i:"
        + "|".join(_EMPLOYED_AS.split())
        # "with" describes the person ("a nurse with COVID"); a holiday, a relative or a
        # feeling is no employer ("a nurse for Halloween", "a caregiver for Mom").
        + r")\s+(?i:at|for)\s+"
        + r"(?!(?:Halloween|Christmas|Easter|Thanksgiving|Hanukkah|Diwali|Ramadan|Mom|Mum|Dad"
        rf"|Grandma|Grandpa|Heart|Church|Kids)\b(?!\s+[{UPPER}]|'s\s+[{UPPER}]))"
        r"(?!(?:[\w&.-]+\s+){0,3}?[\w-]+'s\s+(?i:wedding|party|birthday)\b)" + CAP + VAL,
        elide="past",
        # "I'm not a cashier at Target, I'm a manager there": the place is not denied; "I'm no
        # longer a nurse at Mercy" ends it, unless the sentence names it again.
        plain_denial_drops=True,
        yields=True,
    ),
    # ---- uses ------------------------------------------------------------------------
    make_rule(
        "uses",
        "use uses using used",
        r"\b(?i:use|uses|using|used(?!\s+to\b))\s+(?!(?i:to|it|them|this|that|these|those|some|up|any"
        r"|my\s+(?:time|voice|words|imagination))\b)" + VAL,
    ),
    make_rule(
        "uses",
        "switched switching switch migrated migrating",
        r"\b(?i:switched|switching|switch|migrated|migrating)\s+(?:(?i:over)\s+)?"
        r"(?:(?i:from)\s+(?P<old>[^.,;:!?()\n]{1,40}?)\s+)?(?i:to)\s+" + VAL,
        change=True,
        elide="past",
    ),
    make_rule(
        "uses",
        "moved moving move",
        # "I moved from Windows to Linux", "We moved over to Notion": software, by name.
        r"\b(?i:moved|moving|move)\s+(?:(?i:over)\s+)?"
        r"(?:(?i:from)\s+(?P<old>[^.,;:!?()\n]{1,40}?)\s+)?(?i:to)\s+" + rf"(?P<val>{_SOFTWARE})\b",
        change=True,
        elide="past",
    ),
)

# After the relationships (RELATION_RULES), as they always came: goals (then places visited).
_LATER_RULES: tuple[Rule, ...] = (
    # ---- goals -----------------------------------------------------------------------
    make_rule(
        "goal",
        "want wants planning plan plans hope hoping hopes aim aiming aims intend intends "
        "intending decided determined trying towards toward wanna dreaming dream d would",
        r"(?:\b(?i:want|wants|planning|plan|plans|hope|hoping|hopes|aim|aiming|aims|intend"
        r"|intends|intending|decided|determined|trying|working\s+towards?)\s+(?i:to)"
        r"|\b(?i:wanna|planning\s+on|dreaming\s+of|dream\s+of)"
        r"|(?i:'d|\bwould)\s+(?:(?i:really)\s+)?(?i:like|love)\s+(?i:to))\s+"
        r"(?!(?i:see|hear|know|say|talk|chat|catch|check|tell|thank|share|ask|let|keep"
        r"|be\s+there|go\s+now"
        # Offers to the listener ("I'd love to help in any way I can") are not goals.
        r"|help\s+(?:in\s+any|out\s+(?:if|when|with\s+(?:that|this))|however|any\s?way))\b)" + VAL,
        value="vp",
        elide="past_ing",
    ),
    make_rule(
        "goal",
        "goal dream plan ambition aim resolution",
        POSS + r"\s+(?i:goal|dream|plan|ambition|aim|resolution)\s+(?i:is|was)\s+"
        r"(?:(?i:to)\s+)?" + VAL,
        value="vp",
        subject="poss",
    ),
)

#: Every rule, facts first.
RULES: tuple[Rule, ...] = (
    _FACT_RULES
    + RELATION_RULES
    + _LATER_RULES
    + PLACE_RULES
    + PERSONAL_RULES
    + EDUCATION_RULES
    + LEISURE_RULES
)

#: Lowercase word -> indices of the rules it wakes up, in rule order. Anchors are split the
#: way the extractor splits sentences (letters and digits), so "jiu-jitsu" indexes "jiu".
ANCHOR_WORD = re.compile(r"[a-z0-9]+")
ANCHOR_INDEX: dict[str, tuple[int, ...]] = {}
for _idx, _r in enumerate(RULES):
    for _word in sorted(set(ANCHOR_WORD.findall(" ".join(_r.anchors)))):
        ANCHOR_INDEX[_word] = (*ANCHOR_INDEX.get(_word, ()), _idx)
