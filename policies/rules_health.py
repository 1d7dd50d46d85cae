"""Rules for someone's health: the medications they take and the conditions they live with.

Part of the rule table (``policies/rules.py`` assembles it); see ``patterns.Rule`` for what
each option means. A medication is read only where the sentence says it is one: a dose,
a schedule ("every morning", "twice a day") or what it is for ("for my blood pressure"), or
a prescription ("I was prescribed sertraline"): "I take the bus every morning" and "I'm
on vacation for a week" are no medication. A condition is read from a diagnosis ("I was
diagnosed with ADHD", "I suffer from migraines") or by name after "I have" ("I have type 2
diabetes", "I've got asthma"); "I have a cold" is no condition memory should keep.
"""

from __future__ import annotations

from nousmem.policies.drug_names import DRUG_NAME, DRUG_WORDS
from nousmem.policies.habit_leads import no_plan
from nousmem.policies.letters import LETTER, UPPER
from nousmem.policies.patterns import NOT_WORD, POSS, Rule, make_rule

__all__ = ["HEALTH_RULES"]

# What a medication is taken for: a condition or a symptom named after "for (my)".
_FOR_HEALTH = (
    r"(?i:blood\s+pressure|cholesterol|anxiety|depression|pain|sleep|insomnia|allergies"
    r"|migraines?|headaches|asthma|diabetes|thyroid|heart|adhd|acid\s+reflux|reflux|heartburn"
    r"|acne|arthritis|epilepsy|seizures|nausea|my\s+(?:blood\s+pressure|cholesterol|anxiety"
    r"|depression|back|knee|heart|thyroid|allergies|migraines|asthma|diabetes|adhd|sleep"
    r"|stomach|skin|joints))\b"
)
# A dose or a schedule right after the medication's name.
_DOSE = (
    r"(?:\d+(?:\.\d+)?\s*(?i:mg|mcg|µg|ml|g|iu|units)\b|(?i:daily|nightly|every\s+(?:day|morning"
    r"|night|evening)|twice\s+(?:a|per)\s+day|once\s+(?:a|per)\s+day|(?:each|in\s+the)"
    r"\s+(?:morning|evening)|before\s+bed|at\s+night|with\s+(?:breakfast|dinner|meals))\b)"
)
# Words taken that are no medication: "I take the bus", "I take notes every morning".
_NOT_A_DRUG = (
    r"(?!(?i:the|a|an|my|it|them|this|that|some|any|walks?|notes|naps?|showers?|baths?"
    r"|breaks?|pictures|photos|classes|lessons|care|turns|time|part|place|off|out|over|up"
    r"|vacation|holiday|leave|call|calls|board|track|duty|shift|break|trains?|buses|bus"
    r"|hold|notice|probation|speaker|mute|speakerphone|standby|record|waitlist|bedrest"
    r"|rest|diet|list"
    r"|subway|metro|stairs|dogs?|kids|him|her|us|me|you|everything|nothing|something"
    r"|responsibility|advantage|control|charge|pride|action|steps|risks?|advice|orders"
    r"|coffee|tea|water|milk|sugar|cream)\b)"
)
_DRUG = rf"(?P<val>{_NOT_A_DRUG}[{LETTER}][{LETTER}-]{{3,30}})"
# Conditions named after "I have": chronic ones, not "a cold" or "the flu".
_CONDITION = (
    r"(?P<val>(?i:type\s+[12]\s+diabetes|diabetes|asthma|hypertension|high\s+blood\s+pressure"
    r"|adhd|add|autism|depression|anxiety|bipolar\s+disorder|ocd|ptsd|migraines|epilepsy"
    r"|arthritis|celiac\s+disease|coeliac\s+disease|ibs|crohn's(?:\s+disease)?|colitis"
    r"|copd|eczema|psoriasis|pcos|endometriosis|insomnia|sleep\s+apnea|dyslexia"
    r"|fibromyalgia|lupus|multiple\s+sclerosis|ms|hypothyroidism|hyperthyroidism|tinnitus"
    r"|chronic\s+(?:back\s+)?pain|a\s+heart\s+condition|long\s+covid"
    # Cancer by where it is ("breast cancer"), and what else is named when diagnosed.
    r"|(?:(?:breast|lung|prostate|skin|colon|colorectal|ovarian|pancreatic|brain|bone"
    r"|thyroid|bladder|kidney|liver|cervical|stomach|throat|blood)\s+)?cancer|leukemia"
    r"|leukaemia|lymphoma|melanoma|dementia|alzheimer's(?:\s+disease)?|parkinson's"
    r"(?:\s+disease)?|high\s+cholesterol|heart\s+disease|kidney\s+disease|glaucoma|gout"
    r"|osteoporosis|scoliosis|cystic\s+fibrosis|sickle\s+cell\s+(?:disease|anemia)|hiv"
    r"|hepatitis\s+[abc]))\b"
)

# Anchors: a rule wakes up only where one of its words is said (not on every "on" or
# "have").
_FOR_WORDS = (
    "pressure cholesterol anxiety depression pain sleep insomnia allergies migraine migraines "
    "headaches asthma diabetes thyroid heart adhd reflux heartburn acne arthritis epilepsy "
    "seizures nausea back knee stomach skin joints"
)
_CONDITION_WORDS = (
    "diabetes asthma hypertension blood adhd add autism depression anxiety bipolar ocd ptsd "
    "migraines epilepsy arthritis celiac coeliac ibs crohn colitis copd eczema psoriasis pcos "
    "endometriosis insomnia sleep dyslexia fibromyalgia lupus sclerosis ms hypothyroidism "
    "hyperthyroidism tinnitus chronic heart long cancer leukemia leukaemia lymphoma melanoma "
    "dementia alzheimer parkinson cholesterol kidney glaucoma gout osteoporosis scoliosis "
    "cystic sickle hiv hepatitis"
)

# Conditions said as what someone is ("I'm diabetic", "Tom is colorblind"): each names the
# condition as "I have ..." would (``STATUS_OF``), so both say one value.
_CONDITION_ADJECTIVE = (
    r"(?P<val>(?i:(?:type\s+[12]\s+|pre-?)?diabetic|epileptic|asthmatic|dyslexic|autistic"
    r"|colou?r[- ]?blind|anaemic|anemic|deaf|hard\s+of\s+hearing|bipolar|coeliac|celiac))\b"
)
_ADJECTIVE_WORDS = (
    "diabetic prediabetic pre-diabetic epileptic asthmatic dyslexic autistic colorblind "
    "colourblind color colour anaemic anemic deaf hard bipolar coeliac celiac"
)

# A condition had ends its clause ("I have asthma.", "I have ADHD, so ...", "I've had
# diabetes for years"): "I have anxiety about the exam" is a mood, not a diagnosis.
_CONDITION_END = (
    r"(?=\s*(?:[.,;:!?)]|$)|\s+(?i:and|but|since|so|which|too|as\s+well|for\s+(?:years"
    r"|\d+|a\s+few|many|most|a\s+long|the\s+last|the\s+past|my\s+whole|life|decades)"
    r"|now|myself|lately|recently|again|a\s+lot|often|constantly)\b)"
)

HEALTH_RULES: tuple[Rule, ...] = (
    # ---- medication --------------------------------------------------------------------
    # "I take metformin every morning", "I take 20mg of lisinopril", "I take sertraline for
    # my anxiety"; "I stopped taking metformin" denies it.
    make_rule(
        "medication",
        "take takes taking",
        r"\b(?i:take|takes|taking)\s+(?:\d+(?:\.\d+)?\s*(?i:mg|mcg|ml|g)\s+(?i:of)\s+)?"
        + _DRUG
        # "I take metformin and lisinopril daily": the dose may follow a list.
        + rf"(?=(?:(?:\s*,\s*(?:(?i:and)\s+)?|\s+(?i:and)\s+)[{LETTER}][{LETTER}-]+){{0,3}}"
        + rf"\s+(?:{_DOSE}"
        + rf"|(?i:for)\s+{_FOR_HEALTH}))",
        value="raw",
        items=_DRUG,
    ),
    make_rule(
        "medication",
        "take takes taking",
        r"\b(?i:take|takes|taking)\s+\d+(?:\.\d+)?\s*(?i:mg|mcg|ml|g)\s+(?i:of)\s+" + _DRUG,
        value="raw",
    ),
    # "I take metformin", "I'm taking Lexapro and ...": a medication known by name needs
    # no dose or schedule to be one (``drug_names.py``).
    make_rule(
        "medication",
        DRUG_WORDS,
        # Not a plan or a maybe ("I might take melatonin tonight", "I want to take ..."),
        # but a need is one ("I have to take insulin").
        no_plan(to_after=("have", "need", "got"), denials=False)
        + r"\b(?i:take|takes|taking)\s+(?:(?i:daily|regular)\s+)?"
        + DRUG_NAME
        + r"(?!\s+(?i:for\s+(?:a|the|one|two|three|this|that)\b|once|occasionally"
        r"|sometimes|when|if|only))",
        value="raw",
    ),
    # "I stopped taking metformin", "I came off sertraline": the medication ended.
    make_rule(
        "medication",
        "stopped quit taking came coming off",
        r"\b(?:(?i:stopped|quit)\s+(?i:taking)|(?i:came|coming|come|went|got)\s+(?i:off))\s+"
        + _DRUG
        + r"(?=\s*(?:[.,;!?)]|$)|\s+(?i:and|but|last|yesterday|in|because|since|after|a)\b)",
        value="raw",
        negate=True,
        change=True,
    ),
    # "My doctor switched me to Ozempic (instead of metformin)", "My GP put me on statins",
    # "My doctor switched me from metformin to Ozempic", "Dr. Patel switched me to ...".
    make_rule(
        "medication",
        "doctor doc gp psychiatrist physician cardiologist dermatologist endocrinologist "
        "neurologist specialist dr",
        r"(?:\b(?i:doctor|doc|gp|psychiatrist|physician|cardiologist|dermatologist"
        r"|endocrinologist|neurologist|specialist)"
        rf"|(?<![\w.])(?:[Dd]r\.?|Doctor)\s+[{UPPER}][{LETTER}'-]+)\s+(?:(?i:has|just|finally)\s+)?"
        r"(?i:switched|put|started|moved|changed)\s+(?P<poss>(?i:me))\s+"
        # "... switched me from metformin to Ozempic": the one before ends.
        rf"(?:(?i:over\s+)?(?i:from)\s+(?P<old>{_NOT_A_DRUG}[{LETTER}][{LETTER}-]{{3,30}})\s+)?"
        r"(?i:onto|on|to|over\s+to)\s+" + _DRUG,
        value="raw",
        subject="poss",
    ),
    # "I switched from metformin to Jardiance", "I switched over to Ozempic": a medication
    # known by name, the one before ended (not a tool's switch: rules_tools.py).
    make_rule(
        "medication",
        "switched switching switch",
        r"\b(?i:switched|switching|switch)\s+(?:(?i:over|back)\s+)?"
        rf"(?:(?i:from)\s+(?P<old>{_NOT_A_DRUG}[{LETTER}][{LETTER}-]{{3,30}})\s+)?"
        r"(?i:to|onto)\s+" + DRUG_NAME,
        value="raw",
        change=True,
        elide="past",
    ),
    # "I'm on Ozempic now", "I've been on Lexapro since May", "I started Wegovy", "I'm not
    # on birth control anymore": a medication known by name (``drug_names.py``).
    make_rule(
        "medication",
        DRUG_WORDS,
        r"(?:(?:'m|\bam|'s|\bis|'re|\bare|'ve\s+been|\bbeen)\s+"
        + NOT_WORD
        + r"(?:(?i:now|still|currently|also|back)\s+)?(?i:on)"
        + r"|\b(?i:started|starting|start|began|restarted)(?:\s+(?i:taking|on))?)\s+"
        + r"(?:(?i:a\s+(?:low\s+|high\s+|small\s+)?dose\s+of)\s+)?"
        + DRUG_NAME,
        value="raw",
    ),
    # "I'm off Lexapro now", "I weaned off Zoloft"; "My doctor took me off statins".
    make_rule(
        "medication",
        DRUG_WORDS,
        r"(?:(?:'m|\bam|'ve\s+been|\bbeen|\b(?i:got|finally|now))\s+(?:(?i:now|finally"
        r"|completely)\s+)?|\b(?i:weaned|weaning|tapered|tapering)\s+(?:(?i:myself)\s+)?)"
        r"(?i:off)\s+(?:(?i:of)\s+)?" + DRUG_NAME,
        value="raw",
        negate=True,
        change=True,
    ),
    make_rule(
        "medication",
        DRUG_WORDS,
        r"\b(?i:took|taken|takes|taking|weaned|tapered)\s+(?P<poss>(?i:me))\s+(?i:off)\s+"
        + DRUG_NAME,
        value="raw",
        subject="poss",
        negate=True,
        change=True,
    ),
    # "I'm on lisinopril for blood pressure".
    make_rule(
        "medication",
        _FOR_WORDS,
        r"(?:'m|\bam|'s|\bis|'re|\bare)\s+"
        + NOT_WORD
        + r"(?:(?i:now|still)\s+)?(?i:on)\s+"
        + _DRUG
        + rf"(?=\s+(?i:for)\s+{_FOR_HEALTH})",
        value="raw",
    ),
    make_rule(
        "medication",
        "prescribed",
        r"\b(?:(?i:was|were|got|been|just)\s+)?(?i:prescribed)\s+(?:(?i:me)\s+)?"
        + _DRUG
        + r"(?=\s*(?:[.,;!?)]|$)|\s+(?i:for|and|but|last|yesterday|today|this|after)\b)",
        value="raw",
    ),
    # ---- condition ---------------------------------------------------------------------
    make_rule(
        "condition",
        "diagnosed suffer suffers suffering",
        r"\b(?i:diagnosed\s+with|suffer\s+from|suffers\s+from|suffering\s+from)\s+" + _CONDITION,
        value="raw",
    ),
    make_rule(
        "condition",
        _CONDITION_WORDS,
        r"(?:\b(?i:have|has)|(?:'ve|\bhave|\bhas|'s)\s+(?i:got|had)|\b(?i:live|lives|living)"
        # "I've been having migraines lately", "I get migraines".
        r"\s+(?i:with)|(?:'ve|\bhave|\bhas|'s)\s+(?i:been)\s+(?i:having|getting)"
        r"|(?<!\bto\s)\b(?i:get|gets))\s+" + _CONDITION + _CONDITION_END,
        value="raw",
        items=_CONDITION + _CONDITION_END,  # "I have asthma and eczema"
    ),
    # "I started taking metformin for my diabetes", "Mia uses an inhaler for her asthma"
    # ("Mia's"), "It helps me manage my ADHD": a condition treated is one had (not "my
    # anxiety about the exam", a mood; nor one said gone).
    make_rule(
        "condition",
        _CONDITION_WORDS,
        r"\b(?i:for|manage|manages|managing|treat|treats|treating|control|controls|controlling)"
        r"\s+"
        + POSS
        + r"\s+(?:(?i:type\s+[12]|chronic|severe|mild)\s+)?"
        + _CONDITION
        # The condition ends the noun phrase ("my cancer patients" are patients).
        + r"(?=\s*(?:[.,;:!?)]|$)|\s+(?i:and|but|so|since|because|which|that|too|again|lately"
        r"|recently|every|each|daily|at|in|under|with|for|while|when|medication|meds|medicine"
        r"|pills|tablets|treatment|is\s+(?:acting|flaring|getting|worse|bad)|flares?|flared"
        r"|acts|acted)\b)",
        value="raw",
        subject="poss",
    ),
    # "I'm diabetic", "Ana is type 1 diabetic", "I'm no longer anemic"; not "I'm deaf in one
    # ear" nor "a diabetic diet" (the condition ends its clause).
    make_rule(
        "condition",
        _ADJECTIVE_WORDS,
        r"(?i:'m|\bam|'s|\bis)\s+"
        + NOT_WORD
        + r"(?:(?i:also|still|now|mildly|severely|partially|totally|completely)\s+)?"
        + _CONDITION_ADJECTIVE
        + _CONDITION_END,
        value="status",
    ),
)
