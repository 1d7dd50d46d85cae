"""Rules for what someone does: an occupation ("I'm a nurse", "I work as a designer"), the
employer a role names ("a nurse at St Mary's") and retirement ("I'm retired", "I retired
from Boeing last year").

Part of the rule table (``policies/rules.py`` assembles it, in this place of its order); see
``patterns.Rule`` for what each option means.
"""

from __future__ import annotations

from nousmem.policies.brand_words import PLATFORM
from nousmem.policies.letters import UPPER
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

__all__ = ["ROLE_RULES"]

# "I'm (not / no longer) (now) a ...": being what an occupation names.
_BEING = (
    # ("used to be" too: the extractor reads it as a denial, "I used to be a nurse"; "was" an
    # ended state, history only with its end: "I was a nurse until 2019".)
    r"(?i:'m|\bam|'s|\bis|\bwas|\bwere|\bbecame|\bbecome|\bbecoming|(?<=\bused\sto\s)be)\s+"
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

# What one retires from that is a job: an organisation by name (not an app), a service or
# a profession; not a pastime, an app or a joke ("from dating", "from Twitter", "from being
# your therapist").
_RETIRED_FROM = (
    rf"(?!{PLATFORM}\b)(?:[Tt]he\s+)?[{UPPER}]"
    r"|(?i:the\s+(?:military|force|bench|service|police|company|firm|department|workforce"
    r"|board\s+of|civil\s+service|fire\s+department)|my\s+(?:job|career|position|post"
    r"|practice)|work|teaching|nursing|medicine|law|dentistry|policing|practice"
    r"|engineering|accounting|public\s+service|active\s+duty)\b"
)

# A title said with "the" and its organisation: "I'm the CTO of Brightline", "I'm CTO at
# Brightline", "Ana is the head of design at Acme".
_TITLE = (
    r"(?i:(?:co-?)?(?:founder|owner|president|ceo|cto|cfo|coo|cmo|cio|cpo)"
    r"|chair(?:man|woman|person)?|(?:vp|vice\s+president|head|director)\s+of\s+[\w-]+"
    r"(?:\s+[\w-]+)?)"
)
_TITLE_ANCHORS = (
    "founder cofounder co owner president ceo cto cfo coo cmo cio cpo chair chairman "
    "chairwoman chairperson vp head director"
)
_TITLED = _BEING + r"(?:(?i:the)\s+)?(?P<val>" + _TITLE + r")\s+(?i:of|at)\s+" + CAP

# A lead is an occupation only as a kind of lead ("a tech lead", "the team lead"): alone,
# "a lead" is as often a clue or a singer's part.
_LEAD = (
    r"(?:tech|technical|team|engineering|project|product|design|squad|dev|qa|data|backend"
    r"|back-end|frontend|front-end|platform|infra|mobile|web|security|research|ux|ui)\s+lead"
)
# A role held for the speaker's team or household: "our (new) designer", "our backend lead".
_OUR = r"(?i:our)\s+(?:(?i:new|current|regular|main|usual)\s+)?"
_KIND = r"(?i:" + OCC + r"|" + _LEAD + r")"
# "I'm *the* tech lead on the payments team", "I'm the nurse at St Mary's": "the" with an
# occupation and where it is held (not "I'm the driver tonight", "the teacher's pet").
_THE_ROLE = r"\s+(?:[\w-]+\s+){0,3}?(?i:" + OCC + "|" + _LEAD + r")\s+(?i:on|at|of|for|in)\s"

ROLE_RULES: tuple[Rule, ...] = (
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
        OCCUPATIONS + " lead stay",
        _BEING
        + r"(?:(?i:an?)|(?i:the)(?="
        + _THE_ROLE
        + r")(?:\s+(?i:only|sole))?)\s+(?P<val>(?:(?!"
        + _JUDGED
        + r")[\w-]+\s+){0,3}?(?i:"
        + OCC
        + r"|"
        + _LEAD
        + r"))\b(?!'s|\s+(?i:at\s+heart|in\s+my\s+dreams|of\s+life)\b)",
        elide="past",
    ),
    # "Raj is our designer", "Priya is our new designer": the named one's occupation, held
    # for the speaker's team or household (not "He is our designer": no name; "Raj was our
    # designer" is an ended state, read as one). "my" is the care and work relations'
    # ("Dr. Kim is my dentist", "My manager is Karen": rules_care.py, rules_relations.py).
    make_rule(
        "role",
        OCCUPATIONS + " lead",
        _BEING
        + _OUR
        + r"(?P<val>(?:(?!"
        + _JUDGED
        + r"|own\b)[\w-]+\s+){0,2}?"
        + _KIND
        + r")\b(?!'s|-|\s+(?i:friend|and\s+friend))",
    ),
    # "Our designer is Raj", "Our new backend lead is Mei": the same, the name last (not
    # "If our designer is Raj, ...").
    make_rule(
        "role",
        OCCUPATIONS + " lead",
        r"(?<![\w'])(?<!\b(?i:if)\s)(?<!\b(?i:whether)\s)(?<!\b(?i:unless)\s)"
        + _OUR
        + r"(?P<val>"
        + _KIND
        + r")\s+(?i:is|'s)\s+(?P<poss>"
        + NAME
        + r")(?![\w'’-])",
        subject="poss",
    ),
    # "I've been a software engineer for 10 years", "Ana has been a nurse since 2015": an
    # occupation held until now (not "I've been a teacher": once, maybe).
    make_rule(
        "role",
        OCCUPATIONS,
        r"(?:'ve|\bhave|\bhas)\s+(?:(?i:now|also|actually)\s+)?(?i:been)\s+(?i:an?)\s+"
        r"(?P<val>(?:(?!" + _JUDGED + r")[\w-]+\s+){0,3}?(?i:" + OCC + r"))\b(?!'s)"
        rf"(?=(?:\s+(?i:at|for|with)\s+(?:the\s+)?[{UPPER}][\w&'-]*(?:\s+[{UPPER}][\w&'-]*)*)?"
        r"\s+(?i:for|since)\s)",
        elide="past",
    ),
    # "I got promoted to senior engineer", "She was promoted to a director": the new
    # occupation, as a change (not "promoted to the next round / level / front page").
    make_rule(
        "role",
        "promoted promotion",
        r"\b(?i:promoted|(?:a|my|the)\s+promotion)\s+(?i:to)\s+(?:(?i:an?|the)\s+)?"
        r"(?P<val>(?:[\w-]+\s+){0,3}?(?i:"
        + OCC
        + r"|lead|partner|principal|supervisor|sergeant|captain|lieutenant|head\s+of\s+[\w-]+))"
        r"\b(?!'s|-)",
        change=True,
        elide="past",
    ),
    make_rule(
        "role",
        "work works worked working employed job career living position",
        r"\b(?:(?i:works?|worked|working|employed|job|career|living)"
        # "I got a new job as a nurse", "I started a new position as a team lead": the verb
        # leads, so the subject is found before it ("new" would stop the walk back).
        r"|(?i:got|started|landed|took|found|accepted|have|has)\s+(?i:a|an|the|my)\s+"
        r"(?:(?i:new|first|full-time|part-time|temporary|summer)\s+)?(?i:job|position))"
        r"\s+(?i:as)\s+(?i:an?|the)\s+" + VAL,
        elide="past",
    ),
    # "I work for the NHS as a nurse", "I got a new job at Spotify as a product manager",
    # "I just joined Datadog as a staff engineer": the employer's rule reads the place, this
    # the role.
    make_rule(
        "role",
        "work works worked working job joined joining",
        # The place a name of up to four capitalised words ("the NHS", "St Mary's Hospital").
        r"\b(?:(?i:works?|worked|working)\s+(?i:at|for|with)|(?i:got|landed|started|took|have)"
        r"\s+(?i:a\s+)?(?:(?i:new|full-time|part-time)\s+)?(?i:job)\s+(?i:at|for|with)"
        r"|(?i:joined|joining|rejoined))\s+(?:the\s+)?"
        r"[A-Z][\w&'.-]*(?:\s+[A-Z][\w&'.-]*){0,3}\s+(?i:as)\s+(?i:an?|the)\s+" + VAL,
        elide="past",
    ),
    make_rule("role", _TITLE_ANCHORS, _TITLED, elide="past"),
    # "I'm self-employed", "I work for myself", "I'm freelancing now": no employer but
    # oneself, so a new one replaces the one held ("I left Acme. I'm self-employed now.").
    *(
        make_rule("employer", anchors, pattern, value="status", template="self-employed")
        for anchors, pattern in (
            (
                "self employed freelance freelancing freelancer",
                _BEING
                + r"(?:(?i:a|an)\s+)?(?:(?i:full-time|part-time)\s+)?(?P<val>(?i:self-employed"
                r"|freelanc(?:e|ing|er))\b)(?!\s+(?i:work|writer|designer|job|gig|project"
                r"|client)s?\b)",
            ),
            (
                "myself herself himself",
                r"\b(?i:work|works|working)\s+(?i:for)\s+(?P<val>(?i:myself|herself|himself))"
                r"\b",
            ),
        )
    ),
    # "My title is Staff Engineer", "My new job title is product manager", "Ana's role is
    # tech lead": a title that names an occupation (not "My role is to help", "My role is
    # pretty flexible").
    make_rule(
        "role",
        "title role position",
        POSS + r"\s+(?:(?i:new|current|official|actual|job)\s+){0,2}(?i:title|role|position)\s+"
        r"(?i:is|'s)\s+(?:(?i:now|still|officially)\s+)?(?:(?i:an?|the)\s+)?"
        r"(?P<val>(?:[\w-]+\s+){0,3}(?i:" + OCC + "|" + _LEAD + "|" + _TITLE + r"))\b(?!'s|-)",
        subject="poss",
        stated=True,  # not "If my title is ..."
    ),
    make_rule(
        "employer",
        _TITLE_ANCHORS,
        _TITLED.replace("(?P<val>", "(?:") + VAL,
        elide="past",
        plain_denial_drops=True,
        yields=True,
    ),
    # "I'm a software engineer at Google", "I work as a nurse at St Mary's": a role's place
    # is an employer. Not a student's school, a volunteer's charity or an athlete's club.
    make_rule(
        "employer",
        _EMPLOYED_AS + " lead",
        r"(?:" + _BEING + r"|\b(?i:works?|worked|working)\s+(?i:as)\s+)"
        # Not "the worst cook", "the designated driver": a role, not a job.
        r"(?i:an?|the(?!\s+(?:best|worst|designated|usual)\b))"
        r"\s+(?:[\w-]+\s+){0,3}?(?i:"
        + "|".join(_EMPLOYED_AS.split())
        + "|"
        + _LEAD
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
)
