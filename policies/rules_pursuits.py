"""Pursuits said by what one does in them, not by their name: "I collect vinyl records",
"I sing in a choir", "I run marathons", "I teach yoga on weekends".

- A collection is a ``hobby`` ("collecting vinyl records"): only of things one collects for
  their own sake, in the plural or as a kind ("stamps", "vintage cameras", "vinyl"), not a
  chore or a job ("I collect the kids from school", "I collect rent", "I collect data").
- Singing in a choir, a band or a chorus is a ``hobby`` ("singing in a church choir").
- Races run as a habit, in the plural ("I run marathons", "I've done triathlons for years")
  are an ``activity``, as one race trained for is (``rules_leisure.py``).
- Teaching a subject is an ``activity`` ("teaching yoga"), not a ``role``: "I'm a nurse. I
  teach yoga on weekends." keeps the nurse (a role is single-valued, an activity is not).
  Only a subject by name counts ("yoga", "piano", "Spanish"): "I teach my kids to swim" and
  "That'll teach him" give nothing.

- A book or a show finished, by its name, is an ``activity`` ("I just finished reading
  Dune": ``reading Dune``); "I haven't finished reading Dune" gives nothing.

A denial reads as one ("I don't collect stamps anymore", "I used to run marathons" deny
it); a need, a plan or a modal before the verb ("I have to teach yoga", "I'll run
marathons") gives nothing.

Part of the rule table (``policies/rules.py`` assembles it, through ``rules_leisure.py``);
see ``patterns.Rule`` for what each option means.
"""

from __future__ import annotations

from nousmem.policies.habit_leads import habitually, no_plan
from nousmem.policies.letters import UPPER
from nousmem.policies.patterns import SPORTS_WORDS, Rule, make_rule

__all__ = ["PURSUIT_RULES"]

# ("used to" passes: the extractor reads it as a denial of the present, "I used to run
# marathons".)
_LEAD = habitually("still", "also", "now", "love to", "like to") + no_plan(
    to_after=("tend", "love", "like", "used"), denials=False
)
# Where a value ends: the clause's end or a word that starts what follows it.
_END = (
    r"(?=\s*(?:[.,;:!?)]|$)|\s+(?i:and|but|since|for|from|as|now|too|because|when|whenever"
    r"|in|on|at|with|every|most|anymore|any\s+more|nowadays|these\s+days)\b)"
)

# What one collects that is no collection: chores, debts, work and the unnamed.
_NOT_COLLECTED = (
    r"(?!(?i:my|the|a|an|his|her|our|their|your|its|it|them|this|that|these|those|some|any"
    r"|data|rent|taxes|payments?|money|debts?|fees|garbage|trash|rubbish|mail|post|kids"
    r"|children|dust|unemployment|benefits|samples|evidence|donations|signatures|feedback"
    r"|information|info|points|miles|tips|tickets|bills|dues|wages|salaries|receipts"
    r"|invoices|royalties|interest|myself|yourself|himself|herself|thoughts|dirt|water)\b)"
)
# Kinds collected in the singular ("I collect vinyl", "... vintage Lego").
_MASS = r"vinyl|art|lego|memorabilia|jewelry|jewellery|pottery|glassware|china|silverware"
_COLLECTED = (
    r"(?P<val>" + _NOT_COLLECTED + r"(?:[\w'-]+\s+){0,2}?(?:[\w'-]+s|(?i:" + _MASS + r")))\b"
)

_GROUP = (
    r"choir|chorus|band|choral\s+society|glee\s+club|a\s+cappella\s+group|barbershop\s+quartet"
    r"|worship\s+team"
)

_RACES = (
    r"(?:(?:half|full|ultra|trail|city)[\s-]?)?marathons|ultramarathons|ultras|triathlons"
    r"|duathlons|ironmans|5ks|10ks|half-marathons|obstacle\s+races|trail\s+races|road\s+races"
)

# Subjects one teaches by name: pastimes, instruments, school subjects and languages.
_SUBJECTS = (
    SPORTS_WORDS
    + " piano guitar violin cello viola drums flute saxophone trumpet clarinet ukulele harp "
    "singing voice music dance dancing art painting drawing ceramics photography swimming "
    "tennis golf chess math maths mathematics algebra calculus statistics english spanish "
    "french german italian portuguese chinese mandarin japanese korean arabic russian latin "
    "esl history geography science biology chemistry physics economics literature writing "
    "coding programming cooking baking kindergarten preschool"
)
_SUBJECT = r"(?P<val>(?i:" + "|".join(_SUBJECTS.split()) + r"|sunday\s+school|first\s+aid))"

PURSUIT_RULES: tuple[Rule, ...] = (
    make_rule(
        "hobby",
        "collect collects collecting",
        _LEAD + r"\b(?i:collect|collects|collecting)\s+" + _COLLECTED + _END,
        value="raw",
        template="collecting {}",
    ),
    make_rule(
        "hobby",
        "sing sings singing",
        _LEAD
        + r"\b(?i:sing|sings|singing)\s+(?i:in|with)\s+(?:(?i:a|the|our|my|their|his|her)\s+)?"
        + r"(?P<val>(?:[\w'-]+\s+){0,2}?(?i:"
        + _GROUP
        + r"))\b",
        value="raw",
        template="singing in a {}",
    ),
    make_rule(
        "activity",
        "run runs running race races racing do does doing compete competes competing",
        _LEAD
        + r"\b(?i:run|runs|running|race|races|racing|do|does|doing|compete\s+in"
        + r"|competes\s+in|competing\s+in)\s+(?P<val>(?i:"
        + _RACES
        + r"))\b",
        value="raw",
    ),
    make_rule(
        "activity",
        "teach teaches teaching",
        _LEAD
        + r"\b(?i:teach|teaches|teaching)\s+"
        + _SUBJECT
        + r"(?:\s+(?i:classes|class|lessons))?"
        + _END,
        value="raw",
        template="teaching {}",
    ),
    # "I just finished reading Dune", "We finished watching Severance last night": the book
    # or show by its name (the reading rules take "reading X" after "started", not after
    # "finished").
    make_rule(
        "activity",
        "finished finishing",
        r"\b(?i:finished|finishing)\s+(?P<verb>(?i:reading|watching))\s+"
        r"(?:(?i:the)\s+)?(?P<val>[" + UPPER + r"][\w'-]*(?:\s+(?:(?i:of|the|and|in|on|a)\s+)?"
        r"[" + UPPER + r"][\w'-]*){0,4})",
        value="raw",
        template="{verb} {}",
        elide="past",
        denial_drops=True,  # "I haven't finished reading Dune": still reading it
    ),
)
