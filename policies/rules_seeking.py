"""Rules for what someone is looking for: a search under way is a goal ("I'm looking for a
new job" is ``find a new job``, "I'm job hunting" ``find a job``, "I'm searching for an
apartment in Denver" ``find an apartment``, "I'm looking for a roommate" ``find a
roommate``).

A goal ends when it is done in its own words ("I found a job", ``policies/ended_goals.py``),
and a job search also when a new employer is told ("I got a job at Stripe",
``policies/plans.py``). Only what a person settles on is read (a job, a home, a roommate,
a doctor, a sitter, a car, ...): not "I'm looking for my keys", "looking for a way to ...",
"looking for advice", someone else's ("I'm looking for a job for my son"), a question or a
supposition.

Part of the rule table (``policies/rules.py`` assembles it); see ``patterns.Rule`` for what
each option means.
"""

from __future__ import annotations

from nousmem.policies.patterns import Rule, make_rule

__all__ = ["SEEKING_RULES"]

_BE = (
    r"(?:'m|\bam|'re|\bare|'s|\bis|'ve\s+been|\bhave\s+been|\bhas\s+been)\s+"
    r"(?:(?i:actively|currently|still|now|also|finally|officially|seriously)\s+)?"
)
# What one settles on when found.
_SOUGHT = (
    r"(?i:job|position|role|apartment|house|home|flat|condo|place\s+to\s+live|place|room"
    r"|roommate|flatmate|housemate|therapist|doctor|dentist|babysitter|nanny|daycare"
    r"|sitter|dog\s+walker|car|cofounder|co-founder|mentor|tutor|coach)"
)

SEEKING_RULES: tuple[Rule, ...] = (
    # "I'm looking for a new job", "We've been searching for an apartment in Denver".
    make_rule(
        "goal",
        "looking searching hunting",
        _BE + r"(?i:looking|searching|hunting)\s+(?i:for)\s+"
        r"(?P<val>(?i:a|an)\s+(?:(?i:new|better|different|bigger|smaller|cheaper|good)\s+)?"
        + _SOUGHT
        # Not "a job for my son" (someone else's search), "a car to buy" aside.
        + r")\b(?!\s+(?i:to\s+(?!live\b)|of|for\s+(?:my|his|her|our|their|a|the)\b))",
        value="raw",
        template="find {}",
        settled=True,
    ),
    # "I'm job hunting", "We're on the job hunt", "I'm job searching".
    make_rule(
        "goal",
        "job hunting hunt searching",
        _BE + r"(?:(?i:on\s+the)\s+)?(?P<val>(?i:job))[\s-]+(?i:hunting|hunt|searching|search)\b",
        value="status",
        template="find a job",
        settled=True,
    ),
    # "I'm house hunting in Austin", "We're apartment hunting".
    make_rule(
        "goal",
        "hunting",
        _BE + r"(?P<val>(?i:house|home|apartment|flat|condo))[\s-]+(?i:hunting)\b",
        value="status",
        template="find a home",
        settled=True,
    ),
)
