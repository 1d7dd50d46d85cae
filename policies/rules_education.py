"""Rules for someone's education: the schools they went to, what they studied, and the
school year a child is in (``grade``: "Leo is in third grade").

Part of the rule table (``policies/rules.py`` assembles it); see ``patterns.Rule`` for what
each option means. A school is a capitalised name ("I graduated from MIT", "I'm a student
at Stanford"); a field is a short phrase ("I studied computer science", "a degree in
biology"). Neither is a state that ends, so a past statement counts.
"""

from __future__ import annotations

from nousmem.policies.letters import UPPER
from nousmem.policies.patterns import CAP, NOT_WORD, VAL, Rule, make_rule

__all__ = ["EDUCATION_RULES"]

# A degree's name before "degree": "a master's degree in", "my PhD in", "my major in" (not
# "I'm a minor in Texas").
_DEGREE = (
    r"(?:(?:(?i:a|an|my|the|her|his)\s+)?(?:(?i:bachelor'?s|master'?s|masters|doctoral|college"
    r"|university|undergrad(?:uate)?|graduate|ba|bs|bsc|ma|ms|msc|mba)\s+)?"
    r"(?i:degree|phd|doctorate|diploma|masters|master's|mba|bachelor'?s)"
    r"|(?i:my|her|his)\s+(?i:major|minor))"
)
# A place studied at that names a school: a school word or an acronym ("MIT"), or one of the
# universities said by name alone; not "studying at Starbucks".
_SCHOOLISH = (
    rf"(?=(?:[{UPPER}][\w.'&-]*\s+){{0,4}}?(?:University|College|School|Institute|Academy"
    rf"|Polytechnic|Conservatory|Seminary|High|Tech|State|Poly|Elementary|Middle|Primary"
    rf"|Preschool|Pre-K|Kindergarten|Montessori|Prep)\b|[{UPPER}]{{2,6}}\b"
    r"|(?:Harvard|Yale|Stanford|Princeton|Oxford|Cambridge|Berkeley|Columbia|Cornell|Brown"
    r"|Duke|Georgetown|Northwestern|Dartmouth|Caltech|Penn|Juilliard|Sorbonne|Purdue|Rutgers"
    r"|McGill|Tufts|Johns\s+Hopkins|Vanderbilt|Emory|Rice|Baylor)\b)"
)
# A school year by its number: "third", "3rd", "12th".
_ORDINAL = (
    r"(?i:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth"
    r"|1st|2nd|3rd|[4-9]th|1[0-2]th)"
)
# A school's name, up to five capitalised words ("Oak Hill Middle School").
_SCHOOL_WORD = rf"[{UPPER}](?:[\w'&-]|\.(?=\w))*"
_SCHOOL_NAME = rf"(?P<val>{_SCHOOL_WORD}(?:\s+{_SCHOOL_WORD}){{0,4}})"
# Working toward a degree: "doing / getting / pursuing / finishing (up) (my) ...".
_WORKING_ON = (
    r"(?i:doing|getting|pursuing|finishing|completing|earning|earned|got|started|starting"
    r"|studying\s+for|working\s+(?:on|toward|towards))\s+(?:(?i:up)\s+)?"
)
# A year of school: "a sophomore", "in my second year" (at a school, whatever its name).
_CLASS_YEAR = (
    r"(?:(?i:a|an)\s+(?i:freshman|sophomore|junior|senior|first-year|second-year|third-year"
    r"|fourth-year|final-year|grad\s+student|postdoc)|(?i:in\s+my)\s+(?i:first|second|third"
    r"|fourth|fifth|final|last|junior|senior|freshman|sophomore)\s+(?i:year))"
)
# A field studied is a bare noun phrase: not "the menu", "my notes", "Ana's face".
_FIELD = r"(?!(?i:the|my|his|her|their|our|your|a|an|this|that|these|those)\b)(?![\w-]+'s\b)"

EDUCATION_RULES: tuple[Rule, ...] = (
    make_rule(
        "school",
        "graduated graduate graduating",
        r"\b(?i:graduated|graduate|graduating)\s+(?i:from)\s+" + CAP + VAL,
        elide="past",
        denial_drops=True,  # "I didn't graduate from MIT" may still have studied there
    ),
    # "I studied computer science", "majoring in biology", "I have a degree in physics".
    make_rule(
        "studied",
        "study studies studying studied majored majoring major degree phd doctorate diploma "
        "masters master's minor mba bachelor bachelors",
        r"(?:\b(?i:study|studies|studying|studied|majored\s+in|majoring\s+in)"
        # (its verb in the match, so that the walk finds who does it: "I'm *doing* a
        # master's in data science")
        r"|\b(?:" + _WORKING_ON + r")?" + _DEGREE + r"\s+(?i:in))\s+"
        r"(?!(?i:at|in|for|with|abroad|hard|online|together"
        r"|late|all|every|tonight|today|tomorrow)\b)" + _FIELD + VAL,
        elide="past",
    ),
    # "I'm a student at MIT", "I study at Stanford", "I'm studying computer science at
    # Stanford", "I'm enrolled at UCLA".
    make_rule(
        "school",
        "student",
        r"(?i:'m|\bam|'s|\bis|\bwas)\s+"
        + NOT_WORD
        + r"(?:(?i:now|currently|still|also)\s+)?(?:(?i:a|an)\s+)?(?:(?i:grad|graduate|phd"
        r"|undergrad|undergraduate|college|university|exchange|medical|law)\s+)?(?i:student)"
        r"\s+(?i:at)\s+" + CAP + VAL,
        elide="past",
        denial_drops=True,  # "I'm no longer a student at MIT": it stays my school
    ),
    # "at", not "in": "studying abroad in Spain" names a country; and a school, not a café.
    make_rule(
        "school",
        "study studies studying studied",
        r"\b(?i:study|studies|studying|studied)"
        r"(?:\s+(?!(?i:for|to|every|with|on|in|hard|all)\b)[\w'-]+){0,3}?\s+(?i:at)\s+"
        + _SCHOOLISH
        + CAP
        + VAL,
        elide="past",
        denial_drops=True,
    ),
    # "I'm studying for my MBA at Wharton", "I'm doing a master's in data science at
    # Stanford": a degree worked toward names its school.
    make_rule(
        "school",
        "doing getting pursuing finishing completing earning earned got started starting "
        "studying working",
        r"\b"
        + _WORKING_ON
        + _DEGREE
        + r"(?:\s+(?i:in)\s+[\w' -]{1,40}?)?\s+(?i:at)\s+"
        + CAP
        + VAL,
        elide="past",
        denial_drops=True,
    ),
    # "I'm a sophomore at Michigan", "I'm in my second year at NYU".
    make_rule(
        "school",
        "freshman sophomore junior senior year postdoc grad",
        r"(?i:'m|\bam|'s|\bis)\s+(?:(?i:now|currently|also)\s+)?"
        + _CLASS_YEAR
        + r"\s+(?i:at)\s+"
        + CAP
        + VAL,
        denial_drops=True,
    ),
    # "I go to Berkeley", "Ana goes to Northwestern", "My son attends Oak Hill Middle
    # School": a school one goes to, in the present (not "I'm going to Harvard next year",
    # nor "I go to MIT for a meetup").
    make_rule(
        "school",
        "go goes attend attends",
        r"\b(?<!'d\s)(?<!'ll\s)(?<!\bwill\s)(?<!\bto\s)(?:(?i:go|goes)\s+(?i:to)"
        r"|(?i:attend|attends))\s+"
        + _SCHOOLISH
        + _SCHOOL_NAME
        + r"(?![\w'-])(?!\s+(?i:for|to|with|on|this|next|tomorrow|today|tonight|every|once"
        r"|twice|sometimes|later|soon)\b)",
        denial_drops=True,
    ),
    # "Mia switched to a new school, Oak Elementary", "Leo transferred to Lincoln High": a
    # school changed to, by its name (the one before ends).
    make_rule(
        "school",
        "switched switching transferred transferring transfers",
        r"\b(?i:switched|switching|transferred|transferring|transfers)\s+(?:(?i:schools)\s+)?"
        r"(?i:to)\s+(?:(?i:a|the)\s+(?:(?i:new|different|private|public|charter)\s+)?"
        r"(?i:school|college|university|high\s+school)\s*,?\s+(?:(?i:called|named)\s+)?)?"
        + _SCHOOLISH
        + _SCHOOL_NAME
        + r"(?![\w'-])",
        change=True,
        elide="past",
    ),
    # "My daughter started college at UCLA", "I'm starting grad school at NYU", "Leo began
    # kindergarten at Lincoln Elementary": a school begun, by its name.
    make_rule(
        "school",
        "started starting start starts began begin begins",
        r"\b(?i:started|starting|start|starts|began|begin|begins)\s+(?:(?i:at)\s+)?"
        r"(?i:college|university|uni|school|grad\s+school|graduate\s+school|law\s+school"
        r"|med\s+school|medical\s+school|business\s+school|high\s+school|middle\s+school"
        r"|elementary\s+school|primary\s+school|kindergarten|preschool|pre-k|nursery|"
        + _ORDINAL
        + r"\s+grade)\s+(?i:at)\s+"
        + CAP
        + VAL,
        elide="past",
        denial_drops=True,
    ),
    # "Leo is in third grade", "My daughter's in 2nd grade", "Mia is in kindergarten": the
    # school year someone is in now (next year's replaces it). Not "was" (a year long
    # past), "grade school", nor a class of the year ("in the third grade class").
    make_rule(
        "grade",
        "grade kindergarten preschool pre-k",
        r"(?:'s|'m|\bis|\bam)\s+(?:(?i:now|currently|already|just|only)\s+)?(?i:in)\s+"
        r"(?:(?i:the)\s+)?(?P<val>" + _ORDINAL + r"\s+(?i:grade)|(?i:grade)\s+(?:[1-9]|1[0-2])"
        r"|(?i:kindergarten|preschool|pre-k))\b"
        r"(?!-|\s+(?i:class|classroom|classes|teacher|teachers|level|math|reading|band|play"
        r"|students?|kids)\b)",
        value="raw",
        settled=True,  # not "If Leo is in third grade, ..."
    ),
    # "I'm enrolled at Tufts": enrolling names a school by itself.
    make_rule(
        "school",
        "enrolled",
        r"\b(?i:enrolled)\s+(?i:at)\s+" + CAP + VAL,
        elide="past",
        denial_drops=True,
    ),
)
