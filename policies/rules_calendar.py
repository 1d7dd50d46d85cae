"""Calendar rules: what someone has on, as the ``activity`` it is, dated as said ("I have a
dentist appointment on March 12", "I have a meeting with Ana tomorrow at 3pm", "My sister's
wedding is in June", "My passport expires next year", "I'm meeting Ana for lunch on
Friday", "We have dinner with the Smiths on Sunday"). An assistant that schedules needs
them, and a question about a day finds them
by their date.

Each reads the event as said ("dentist appointment", "meeting with Ana", "sister's
wedding", "meeting Ana for lunch", "dinner with the Smiths"), past or to come. Not the
event's word as a modifier ("an appointment book", "the meeting room", "a game plan"), a
call received ("I got a call from Mom"), a meeting with no time or company ("I have a
meeting" is as often a complaint as a plan), a question or a supposition.

Part of the rule table (``policies/rules.py`` assembles it, among the leisure rules); see
``patterns.Rule`` for what each option means.
"""

from __future__ import annotations

from nousmem.policies.patterns import NAME, POSS, Rule, make_rule, one_of
from nousmem.policies.rules_routines import RECURRENCE
from nousmem.policies.rules_tasks import ASKED
from nousmem.policies.timeexpr_patterns import DAYS, MONTHS

__all__ = ["CALENDAR_RULES"]

# Not "an appointment book", "the exam room": a noun after the event makes it a modifier.
_NOT_A_MODIFIER = (
    r"(?!\s+(?!(?:for|with|at|on|in|last|this|yesterday|today|tonight|tomorrow|and|or|but"
    r"|so|next|early|later|soon|coming|that|which)\b)[a-z])"
)
# A day an event is on ("on Friday", "tomorrow", "next week", "in June" by its month), for
# an event with no company: not "in five minutes", "at 3pm" (a day's hour, which says no
# more than "I have a call").
_DAY_WORDS = " ".join(("on next this tomorrow today tonight yesterday last", *DAYS, *MONTHS))
_DAY = one_of(_DAY_WORDS) + r"\b"
_DAY_NAMES = "|".join(d.capitalize() for d in DAYS)
# When an event is: a day, a time, a part of one.
_WHEN = one_of(_DAY_WORDS + " in at early later soon") + r"\b"
# Events had on a day, beside appointments ("date" as one had: "a date night" is a
# modifier's); not "party" (rules_leisure.py reads parties held).
_EVENTS = (
    r"meeting|call|presentation|deadline|recital|concert|game|match|performance|audition"
    r"|conference|date|wedding|shift|rehearsal|practice|tournament|race|webinar|workshop"
    r"|haircut|massage|lesson|class|session|play|playdate|play\s+date|sleepover|field\s+trip"
)
# Company: a name, or someone by a kin or work word ("with the client", "with my manager").
_POSSESSOR = r"(?i:the|my|our|his|her|their)"
_WITH = (
    r"(?:\s+(?i:with)\s+(?:" + NAME + r"|" + _POSSESSOR + r"\s+(?:(?!" + _WHEN + r")[\w'-]+\s+)?"
    r"(?!" + _WHEN + r")[\w'-]+))"
)
_MEALS = r"lunch|dinner|breakfast|brunch|coffee|drinks"
# Family and friends one visits or has to stay ("my parents", "our best friends").
_KIN = (
    r"(?:(?i:best|old|little|big|older|younger|oldest|youngest)\s+)?(?i:(?:mom|mum|dad|mother"
    r"|father|parent|sister|brother|grandma|grandpa|grandmother|grandfather|grandparent|aunt"
    r"|uncle|cousin|niece|nephew|son|daughter|friend)s?|in-laws|folks|family|kids)"
)

# One day, not a day that recurs ("on Friday", not "on Fridays": ``days_off``).
_ONE_DAY = one_of(" ".join(DAYS)) + r"\b(?!s)"
# When time off is: a day, or a stretch named from today.
_OFF_WHEN = (
    r"(?:(?i:on)\s+" + _ONE_DAY + r"|" + _ONE_DAY + r"|(?i:tomorrow|today|tonight|next|this"
    r"|the\s+rest|all\s+(?:week|day)|until|till|from|for\s+(?:a|the|two|three|\d+)\s+(?:days?"
    r"|weeks?)))"
)

CALENDAR_RULES: tuple[Rule, ...] = (
    # "I'm off on Friday", "I'm off next week", "I'm taking Friday off", "I took the day off
    # yesterday", "I have the afternoon off": a one-off stretch of ``time off``, dated as
    # said (the days off every week are ``days_off``: rules_work_hours.py). Not "I'm off to
    # Paris", "I'm off work" with no day.
    make_rule(
        "activity",
        "off",
        r"(?:'m|\bam|'s|\bis|'re|\bare)\s+(?P<val>(?i:off))(?:\s+(?i:work))?\s+(?="
        + _OFF_WHEN
        + ")",
        value="raw",
        template="time off",
    ),
    make_rule(
        "activity",
        "off",
        # The stretch is left out of the value, so that its date dates it.
        r"\b(?i:taking|take|takes|took|taken|have|has|had|got|get|gets)\s+(?:(?i:the|a"
        r"|next|this|some|two|three|four|five|a\s+few|a\s+couple\s+of|a\s+couple|\d+)\s+)?"
        r"(?:(?i:days?|weeks?|weekend|time|afternoon|morning|evening)|" + _ONE_DAY + r")"
        r"\s+(?P<val>(?i:off))\b(?!\s+(?:of|from\s+(?:the|my|our|his|her)\b))",
        value="raw",
        template="time off",
        elide="past",
    ),
    # "I'm on call this weekend", "I'm out sick today": a day's standing, dated as said.
    make_rule(
        "activity",
        "call sick",
        r"(?:'m|\bam|'s|\bis)\s+(?P<val>(?i:on\s+call|out\s+sick|off\s+sick|home\s+sick))\b"
        r"(?=[^.!?;,]*\b" + _DAY + ")",
        value="raw",
    ),
    # "I have a dentist appointment on March 12", "I've got a job interview with Stripe
    # tomorrow", "I booked a checkup": an appointment, dated as said.
    make_rule(
        "activity",
        "appointment interview exam checkup check surgery consultation",
        r"\b(?i:have|has|had|'ve\s+got|got|booked|scheduled|made)\s+(?i:a|an|my|the|another)\s+"
        r"(?P<val>(?:[\w'-]+\s+){0,2}?(?i:appointment|interview|exam|checkup|check-up|surgery"
        r"|consultation)(?:\s+(?i:with)\s+" + NAME + r")?)\b" + _NOT_A_MODIFIER,
        value="raw",
        elide="past",
    ),
    # "I'm having surgery next month", "Ana is having knee surgery on Friday", "I'm getting
    # an MRI tomorrow": a procedure to come, dated as said (not "I'm having second thoughts").
    make_rule(
        "activity",
        "having getting",
        r"(?:'m|\bam|'s|\bis|'re|\bare)\s+(?i:having|getting)\s+(?:(?i:a|an|my|her|his)\s+)?"
        r"(?P<val>(?:[\w'-]+\s+)?(?i:surgery|operation|procedure|colonoscopy|mri|biopsy"
        r"|c-section|root\s+canal|filling|vaccine|flu\s+shot|booster|physical|ultrasound"
        r"|x-ray|scan|haircut))\b" + _NOT_A_MODIFIER,
        value="raw",
    ),
    # "I'm getting my hair cut on Saturday": the ``haircut`` "I have a haircut" gives.
    make_rule(
        "activity",
        "getting get",
        r"(?:'m|\bam|'s|\bis|'re|\bare)\s+(?i:getting)\s+(?i:my|her|his)\s+(?P<val>(?i:hair))\s+"
        r"(?i:cut)\b",
        value="raw",
        template="haircut",
    ),
    # "I have a meeting with Ana tomorrow at 3pm", "I've got a call with the client at 3",
    # "I have a soccer game tonight": an event, with its company or its day (not "got a
    # call", one received; not "I have a meeting" alone, nor "a call in five minutes").
    make_rule(
        "activity",
        "meeting call presentation deadline recital concert game match performance audition "
        "conference date wedding shift rehearsal practice tournament race webinar workshop "
        "haircut massage lesson class session play playdate sleepover trip",
        r"\b(?i:have|has|had|'ve\s+got|'s\s+got|has\s+got|booked|scheduled)\s+"
        r"(?i:a|an|my|the|another)\s+"
        r"(?P<val>(?:[\w'-]+\s+){0,2}?(?i:"
        + _EVENTS
        + r")(?P<company>"
        + _WITH
        + r")?)\b"
        + _NOT_A_MODIFIER
        # ... with company, or else a day after it in its clause.
        + r"(?(company)|(?=[^.!?;,]*\b"
        + _DAY
        + r"))",
        value="raw",
        elide="past",
    ),
    # "My dentist appointment is next Thursday", "Ana's job interview is tomorrow", "My
    # sister's wedding is in June", "My presentation is scheduled for May 3": the same, said
    # by when it is (not "My appointment is with Dr. Lee", "My exam is hard").
    make_rule(
        "activity",
        "appointment interview exam checkup check surgery consultation meeting call "
        "presentation deadline recital concert game match performance audition conference "
        "wedding rehearsal tournament race webinar workshop graduation haircut massage lesson "
        "class session play playdate sleepover trip party dinner lunch brunch breakfast",
        # A party by whose it is ("My son's birthday party is on Saturday"); one held is
        # rules_leisure.py's. A meal with a word before it ("Our anniversary dinner is on
        # Saturday"), and company after any ("My meeting with Ana is tomorrow").
        POSS + r"\s+(?P<val>(?:(?:[\w'-]+\s+){0,2}?(?i:appointment|interview|exam|checkup"
        r"|check-up|surgery|consultation|graduation|party|" + _EVENTS + r")"
        r"|(?:[\w'-]+\s+){1,2}?(?i:" + _MEALS + r")|(?i:" + _MEALS + r")(?=\s+(?i:with)\s))"
        r"(?:" + _WITH + r")?)(?:'s|\s+(?i:is))\s+"
        r"(?:(?i:scheduled|booked|set|planned)\s+(?:(?i:for)\s+)?)?(?=" + _WHEN + ")"
        # Not a day that comes back: "My piano lesson is on Tuesdays" (rules_routines.py).
        r"(?!" + RECURRENCE + ")",
        value="raw",
        subject="poss",
        settled=True,
    ),
    # "The meeting with Ana is tomorrow at 10", "The call with the client is on Friday": the
    # speaker's event, by its company (not "The meeting is on Friday", whoever's it is).
    make_rule(
        "activity",
        "meeting call presentation interview appointment lunch dinner breakfast brunch coffee",
        r"\b(?i:the)\s+"
        r"(?P<val>(?:[\w'-]+\s+)?(?i:meeting|call|presentation|interview|appointment|"
        + _MEALS
        + r")"
        + _WITH
        + r")(?:'s|\s+(?i:is))\s+(?:(?i:scheduled|booked|set|planned)\s+(?:(?i:for)\s+)?)?"
        r"(?=" + _WHEN + ")(?!" + RECURRENCE + ")",
        value="raw",
        subject="speaker",
        settled=True,
    ),
    # "My lease ends in August", "My passport expires next year", "My car insurance renews
    # in March": a date a document or an agreement runs out, as said (`passport expires`).
    make_rule(
        "activity",
        "lease passport license licence visa insurance subscription warranty membership "
        "contract mortgage card registration permit prescription",
        POSS + r"\s+(?P<val>(?:[\w'-]+\s+)?(?i:lease|passport|license|licence|visa|insurance"
        r"|subscription|warranty|membership|contract|mortgage|green\s+card|registration|permit"
        r"|prescription)\s+(?i:ends|expires|runs\s+out|renews|is\s+up|is\s+due\s+for\s+renewal"
        r"|comes\s+up\s+for\s+renewal))\s+(?=" + _WHEN + ")",
        value="raw",
        subject="poss",
        settled=True,
    ),
    # "I have a dinner reservation for Friday", "We have reservations at Chez Panisse on
    # Saturday", "I made a reservation at Nopa for 7": a booking, as said (not "I have
    # reservations about the plan", a doubt; "I need to make a reservation" is a task).
    make_rule(
        "activity",
        "reservation reservations",
        r"\b(?i:have|has|had|'ve\s+got|got|made|booked)\s+(?:(?i:a|an|our|my|the)\s+)?"
        r"(?P<val>(?:(?i:dinner|lunch|brunch|breakfast|restaurant|hotel|spa|table)\s+)?"
        r"(?i:reservations?)\b(?:\s+(?i:at)\s+" + NAME + r")?)"
        r"(?!\s+(?i:about|regarding|over|as\s+to)\b)" + _NOT_A_MODIFIER,
        value="raw",
        elide="past",
    ),
    # "I booked a table at Nopa for Saturday night", "We reserved a table for two on Friday":
    # a table at a restaurant (not "I have a table", the furniture).
    make_rule(
        "activity",
        "booked reserved",
        r"\b(?i:booked|reserved|got)\s+(?i:a|us\s+a|our)\s+(?P<val>(?i:table)(?:\s+(?i:for)\s+"
        r"(?i:two|three|four|five|six|eight|ten|\d{1,2}))?(?:\s+(?i:at)\s+"
        + NAME
        + r")?)(?=\s+(?i:at|for|on|tonight|tomorrow|this|next)\b)",
        value="raw",
        elide="past",
    ),
    # "I have plans with Ana on Saturday", "We made dinner plans with the Smiths".
    make_rule(
        "activity",
        "plans",
        r"\b(?i:have|has|had|'ve\s+got|got|made)\s+(?:(?i:dinner|lunch|weekend|some)\s+)?"
        r"(?P<val>(?i:plans)" + _WITH + r")\b" + _NOT_A_MODIFIER,
        value="raw",
        elide="past",
    ),
    # "I'm visiting my parents next week", "We're seeing my in-laws on Sunday": family or
    # friends visited on a day (not "I'm seeing my therapist" with no day, a habit).
    make_rule(
        "activity",
        "visiting seeing",
        r"(?:'m|\bam|'re|\bare)\s+(?P<val>(?i:visiting|seeing)\s+(?i:my|our)\s+" + _KIN + r")\b"
        r"(?=[^.!?;,]*\b" + _DAY + ")",
        value="raw",
    ),
    # "My mom is visiting next week", "My parents are coming to stay for Thanksgiving",
    # "Our friends are coming over on Saturday": a visit the speaker has, from them.
    make_rule(
        "activity",
        "visiting coming staying flying",
        POSS + r"\s+(?P<val>" + _KIN + r")(?:\s+(?i:is|are)|(?i:'s|'re))\s+"
        # Visiting with no one named: not "My mom is visiting my aunt".
        r"(?i:visiting(?=\s*(?:[.,;!]|$)|\s+(?:us|me|next|this|on|in|tomorrow|tonight|for|from"
        r"|over|soon|again|later|at|with)\b)|coming\s+(?:to"
        r"\s+(?:visit|stay|town)|over|for\s+a\s+visit|to\s+see\s+(?:me|us)|down|up|into\s+town)"
        r"|flying\s+in|staying\s+with\s+(?:me|us))\b",
        value="raw",
        subject="poss",
        template="visit from {}",
        settled=True,
    ),
    # "Schedule a call with Ana for tomorrow at 3", "Set up a meeting with the design team
    # next week", "Book a haircut for Saturday": a request that names no one puts the
    # speaker's event on the calendar (``subject="speaker"``), dated as said.
    make_rule(
        "activity",
        "schedule set book arrange",
        ASKED + r"(?i:schedule|set\s+up|book|arrange)\s+(?i:a|an|my|our)\s+"
        r"(?P<val>(?:[\w'-]+\s+){0,2}?(?i:call|meeting|appointment|lunch|dinner|session"
        r"|interview|checkup|check-up|haircut|consultation|massage|lesson|table)"
        r"(?P<company>"
        + _WITH
        + r"|\s+(?i:at)\s+"
        + NAME
        + r")?)\b"
        + _NOT_A_MODIFIER
        # ... with company or a place, or else a day after it in its clause.
        + r"(?(company)|(?=[^.!?;,]*\b"
        + _DAY
        + r"))",
        value="raw",
        subject="speaker",
    ),
    # "Add the dentist on Friday to my calendar", "Put the team dinner on my calendar for
    # Thursday": what the speaker has on, asked to be kept (the date is read apart).
    make_rule(
        "activity",
        "calendar",
        ASKED + r"(?i:add|put)\s+"
        r"(?!(?:(?i:the|a|an|my|our)\s+)?(?i:it|that|this|them|reminders?|events?|notes?)\b)"
        r"(?:(?i:the|a|an|my|our)\s+)?"
        r"(?P<val>[\w'-]+"
        r"(?:\s+(?!" + _DAY + r")[\w'-]+){0,3}?)"
        r"(?:\s+" + _DAY + r"[^.!?;]{0,20}?)?\s+(?i:to|on|in)\s+(?i:my|our|the)\s+(?i:calendar"
        r"|schedule)\b",
        value="raw",
        subject="speaker",
    ),
    # "I'm spending the weekend at the lake", "We're spending Thanksgiving with my
    # parents": a stretch spent somewhere or with someone, as said (a named place is a
    # trip: rules_places.py).
    make_rule(
        "activity",
        "spending",
        # The stretch outside the value, so that its date dates it ("Saturday with Ana").
        r"(?:'m|\bam|'re|\bare)\s+(?i:spending)\s+(?:(?i:the|this|next)\s+)?"
        r"(?P<rec>(?i:weekend|week|day|night|evening|holidays|summer|winter|spring|fall)"
        r"|(?:" + _DAY_NAMES + r")|Thanksgiving|Christmas|Easter|New\s+Year's(?:\s+Eve)?)\s+"
        r"(?P<val>(?:(?i:at|with)\s+(?:(?i:the|my|our|a)\s+)?[\w'-]+(?:\s+[\w'-]+)?"
        r"|(?i:in)\s+(?i:the|a)\s+[\w'-]+))\b(?=\s*(?:[.,;!]|$)|\s+(?i:and|but|so|with|this"
        r"|next|on|for)\b)",
        value="raw",
        template="{rec} {}",
    ),
    # "We're closing on the house next Friday": a purchase's closing day.
    make_rule(
        "activity",
        "closing",
        r"(?:'m|\bam|'re|\bare)\s+(?P<val>(?i:closing)\s+(?i:on)\s+(?i:the|our|my|a)\s+"
        r"(?:(?i:new)\s+)?(?i:house|home|condo|apartment|place|flat))\b",
        value="raw",
    ),
    # "I'm meeting Ana for lunch on Friday", "We're seeing the Parks for dinner tomorrow".
    make_rule(
        "activity",
        "meeting seeing",
        r"(?:'m|\bam|'re|\bare|'s|\bis)\s+"
        r"(?P<val>(?i:meeting|seeing)\s+(?:"
        + NAME
        + r"|"
        + _POSSESSOR
        + r"\s+[\w'-]+)\s+(?i:for)\s+(?i:"
        + _MEALS
        + r"))\b",
        value="raw",
    ),
    # "We have dinner with the Smiths on Sunday", "I'm having lunch with Ana tomorrow", "I had
    # coffee with my old boss": a meal with company.
    make_rule(
        "activity",
        "have having had lunch dinner breakfast brunch coffee drinks",
        r"\b(?i:have|has|having|had|'ve\s+got)\s+(?:(?i:a)\s+)?"
        r"(?P<val>(?i:" + _MEALS + r")" + _WITH + r")\b" + _NOT_A_MODIFIER,
        value="raw",
        elide="past",
    ),
)
