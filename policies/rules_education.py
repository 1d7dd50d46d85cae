"""Rules for someone's education: the schools they went to and what they studied.

Part of the rule table (``policies/rules.py`` assembles it); see ``patterns.Rule`` for what
each option means. A school is a capitalised name ("I graduated from MIT", "I'm a student
at Stanford"); a field is a short phrase ("I studied computer science", "a degree in
biology"). Neither is a state that ends, so a past statement counts.
"""

from __future__ import annotations

from nousmem.policies.patterns import CAP, NOT_WORD, VAL, Rule, make_rule

__all__ = ["EDUCATION_RULES"]

# A degree's name before "degree": "a master's degree in", "my PhD in".
_DEGREE = (
    r"(?:(?i:a|an|my|the|her|his)\s+)?(?:(?i:bachelor'?s|master'?s|masters|doctoral|college"
    r"|university|undergrad(?:uate)?|graduate|ba|bs|bsc|ma|ms|msc|mba)\s+)?"
    r"(?i:degree|phd|doctorate|diploma|masters|master's|major|minor)"
)

EDUCATION_RULES: tuple[Rule, ...] = (
    make_rule(
        "school",
        "graduated graduate graduating",
        r"\b(?i:graduated|graduate|graduating)\s+(?i:from)\s+" + CAP + VAL,
        elide="past",
    ),
    # "I studied computer science", "majoring in biology", "I have a degree in physics".
    make_rule(
        "studied",
        "study studies studying studied majored majoring major degree phd doctorate diploma "
        "masters master's minor",
        r"(?:\b(?i:study|studies|studying|studied|majored\s+in|majoring\s+in)"
        r"|\b" + _DEGREE + r"\s+(?i:in))\s+(?!(?i:at|in|for|with|abroad|hard|online|together"
        r"|late|all|every|tonight|today|tomorrow)\b)" + VAL,
        elide="past",
    ),
    # "I'm a student at MIT", "I study at Stanford", "I'm studying computer science at
    # Stanford", "I'm enrolled at UCLA".
    make_rule(
        "school",
        "student study studies studying studied enrolled attend attends attending attended",
        r"(?:(?i:'m|\bam|'s|\bis|\bwas)\s+"
        + NOT_WORD
        + r"(?:(?i:a|an)\s+)?(?:(?i:grad|graduate|phd|undergrad|undergraduate|college"
        r"|university|exchange|medical|law)\s+)?(?i:student)"
        r"|\b(?i:study|studies|studying|studied)(?:\s+[\w'-]+){0,4}?"
        # "at", not "in": "studying abroad in Spain" names a country.
        r"|\b(?i:enrolled|attend|attends|attending|attended))\s+(?i:at)\s+" + CAP + VAL,
        elide="past",
    ),
)
