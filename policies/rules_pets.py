"""Rules for pets: a pet had, named ("my dog Rex", "two cats named Luna and Milo"), and a
pet that died ("My dog Rex passed away", a denial).

Part of the rule table (``policies/rules.py`` assembles it, between the likes and the
hobbies of ``rules_leisure``); see ``patterns.Rule`` for what each option means.
"""

from __future__ import annotations

from nousmem.policies.letters import LETTER, LOWER, UPPER
from nousmem.policies.patterns import (
    NOT_A_NAME,
    POSS,
    POSS_START,
    SPECIES,
    SPECIES_NOUN,
    SPECIES_WORDS,
    Rule,
    make_rule,
)
from nousmem.projections.title_points import TITLE_POINT

__all__ = ["BREED_NAMES", "PET_RULES"]

# "Luna", "Mr. Biscuit" (a title's point before a name goes on into it).
_PETNAME = f"[{UPPER}][{LOWER}]+(?:{TITLE_POINT}\\s+[{UPPER}][{LOWER}]+)?"

# Before a pet's death, words that make it a fear or a mistake ("I thought my dog died but
# he was asleep", "I was worried that my cat had died").
_NOT_FEARED = "".join(
    rf"(?<!(?i:{w})\s)(?<!(?i:{w})\sthat\s)"
    for w in (
        "thought think feared fear worried worry scared afraid sure convinced assumed "
        "believed imagined panicked"
    ).split()
)

# Dog and cat breeds, for a pet had by its breed ("We adopted a golden retriever named
# Biscuit"), one at a time and kept in lowercase as a species is ("german shepherd"): not
# words as often meant otherwise ("a lab", "a boxer", "a pointer", "a Persian").
BREED_NAMES = (
    r"(?i:(?:golden|labrador|flat-coated)\s+retriever|labrador|poodle|beagle"
    r"|husky|corgi|dachshund|chihuahua|pug|(?:french\s+|english\s+)?bulldog"
    r"|(?:german|australian)\s+shepherd|(?:\w+\s+)?terrier|(?:cocker\s+|springer\s+)?spaniel"
    r"|(?:border\s+)?collie|labradoodle|goldendoodle|cockapoo|schnauzer|rottweiler"
    r"|pit\s*bull|greyhound|whippet|shih\s+tzu|pomeranian|great\s+dane|tabby|siamese"
    r"|maine\s+coon|ragdoll)"
)
_BREED = (
    r"(?P<species>" + BREED_NAMES + ")"
    # Only where the breed ends the phrase: "a husky voice" is none.
    r"(?=\s*(?:[.,;!?)]|$)|\s+(?i:named|called|puppy|mix|and|who|that|from|last|this"
    r"|yesterday|today|in|on|at|recently)\b)"
)

PET_RULES: tuple[Rule, ...] = (
    # "Mochi is my rabbit", "Rex is our new puppy", "Luna's my cat": the name first (not
    # "Ana is my cat sitter", a person; nor "Luna is my cat's name").
    make_rule(
        "pet",
        SPECIES_WORDS,
        rf"(?<![{LETTER}'])(?P<petname>{_PETNAME})(?:\s+(?i:is)|'s)\s+"
        r"(?:(?i:also|actually|just)\s+)?"
        + POSS
        + r"\s+(?:(?i:new|old|little|sweet|cute|adorable|furry|rescue|lovely|beloved"
        r"|senior|baby|pet|fur)\s+){0,2}" + SPECIES + rf"\b(?!'s|[{LETTER}-])",
        value="pet",
        subject="poss",
        undated=True,
    ),
    make_rule(
        "pet",
        SPECIES_WORDS,
        POSS + r"\s+(?:(?i:new|old|little|sweet|cute|adorable|furry|rescue|lovely|beloved"
        r"|senior|baby|two|three|pet|fur)\s+){0,2}" + SPECIES + r"\b"
        # "my dog Rex", "my dog, named Rex", "my cat's name is Luna", "my cat is called Luna"
        r"(?:(?:'s\s+(?i:name)\s+(?i:is)\s+|\s+(?i:is)\s+(?i:called|named)\s+"
        r"|\s*,?\s+(?:(?i:named|called)\s+)?)"
        # One name, whole: not "Mr. Whiskers" or "Luna Lovegood" cut short, nor "called
        # Stupid by my brother" (then the species alone).
        + NOT_A_NAME
        + r"(?P<petname>"
        + _PETNAME
        + r")(?![\w"
        + LETTER
        + rf"'])(?!\s+(?!I\b)[{UPPER}]|\s+(?i:by)\b))?",
        value="pet",
        subject="poss",
        undated=True,
    ),
    make_rule(
        "pet",
        "died passed put",
        # "My dog Max passed away", "my cat died last year": the pet is no longer one (the
        # rule above reads no pet from it). Not "almost died", "passed the test", nor a
        # dream or a pretence ("I dreamt my dog died").
        POSS_START + r"(?<!(?i:dreamt)\s)(?<!(?i:dreamed)\s)(?<!(?i:dream)\s)(?<!(?i:pretended)\s)"
        r"(?<!(?i:pretend)\s)(?<!(?i:joked)\s)(?<!(?i:joke)\s)"
        # Not a fear or a mistake: "I thought my dog died but he was asleep".
        + _NOT_FEARED
        + POSS
        + r"\s+(?:(?i:old|little|sweet|beloved|senior|pet|dear)\s+){0,2}"
        + SPECIES_NOUN
        + r"\b(?:\s*,?\s+"
        + NOT_A_NAME
        + r"(?P<petname>"
        + _PETNAME
        + r"),?)?\s+(?:(?i:sadly|suddenly|just|recently|finally|unexpectedly)\s+)?"
        r"(?:(?i:has|had)\s+)?"
        # Not "died laughing", "died of embarrassment", "died in the game"; not "passed on
        # the treat" (declined) or "passed on his love of fetch" (handed down); not "put
        # down for a nap".
        r"(?i:died(?!\s+(?:laughing|down|inside|of\s+(?:laughter|embarrassment|shame|boredom"
        r"|cringe))|\s+in\s+(?:my\s+dreams?|a\s+dream|the\s+(?:game|movie|film|show|book"
        r"|story|episode)))"
        r"|passed\s+away|passed\s+on(?=\s*(?:[.!,;]|$))"
        # A time, not a time's test ("passed yesterday's vet exam", "this week's class").
        r"|passed(?=\s*(?:[.!,;]|$)|(?:\s+(?:last|this|yesterday|recently|peacefully)\b"
        r"|\s+(?:in|on)\s+(?:(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day|the\s+\d|\d|(?:Jan|Feb"
        r"|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)))(?!\w*'s|\s+\w+'s))"
        r"|(?:was|had\s+to\s+be|got)\s+put\s+(?:down|to\s+sleep)"
        # Not an anaesthetic: "put to sleep for surgery / for his dental cleaning".
        r"(?!\s+(?:for\s+(?:a\s+|an\s+|the\s+|his\s+|her\s+|its\s+)?(?:\w+\s+)?(?:nap|night|bed"
        r"|surgery|operation|procedure|cleaning|x-ray|scan|mri|exam|spay|neuter|dental)"
        r"|on\s+the|during|under|while)\b))\b",
        value="pet",
        subject="poss",
        negate=True,
        change=True,
        # "If my dog died ...", "When my cat passes ...": nothing has happened.
        stated=True,
        settled=True,
        # "I can't believe my dog died": the denial is the speaker's disbelief, not a pet.
        denial_drops=True,
    ),
    make_rule(
        "pet",
        SPECIES_WORDS,
        r"\b(?i:have|has|got|adopted|adopt|adopting|rescued|bought|own|owns|getting"
        r"|fostering|foster|fostered)\s+"
        r"(?:(?i:a|an|two|three|four|some|another|this)\s+)?(?:(?i:new|little|cute|rescue|baby|pet)"
        r"\s+)?"
        + SPECIES
        + r"\b(?:(?:\s*,?\s+(?i:named|called)\s+"
        # "I have two cats, Luna and Milo.": after a plural and a comma, only a list of names
        # that ends there (not "I got two dogs, Sarah and Tom got cats").
        + rf"|(?<=s)\s*,\s+(?={_PETNAME}(?:,\s+{_PETNAME})*,?\s+(?i:and)\s+{_PETNAME}"
        + r"\s*(?:[.!?;,]|$)))"
        + r"(?P<petname>"
        + _PETNAME
        + "))?",
        value="pet",
        elide="past",
    ),
    # "We adopted a golden retriever named Biscuit", "I have a beagle".
    make_rule(
        "pet",
        "retriever labrador poodle beagle husky corgi dachshund chihuahua pug bulldog shepherd "
        "terrier spaniel collie labradoodle goldendoodle cockapoo schnauzer rottweiler pit "
        "pitbull greyhound whippet shih pomeranian dane tabby siamese coon ragdoll",
        r"\b(?i:have|has|got|adopted|adopt|adopting|rescued|bought|own|owns|getting"
        r"|fostering|foster|fostered)\s+"
        r"(?:(?i:a|an|another|this)\s+)?(?:(?i:new|little|cute|rescue|baby|pet"
        r"|sweet)\s+)?"
        + _BREED
        + r"(?:\s*,?\s+(?i:named|called)\s+(?P<petname>"
        + _PETNAME
        + "))?",
        value="pet",
        elide="past",
    ),
)
