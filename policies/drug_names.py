"""Medications known by name, brand or generic: "I'm on Ozempic" names one with nothing
else in the sentence to say it is a drug ("I'm on vacation", "I'm on Slack" name none).

Used by ``rules_health.py`` where a sentence has no dose, schedule or purpose to go by: being
on one, starting one, being off one. A name missing here is read only in the ways a sentence
shows it is a medication ("I take X every morning", "I'm on X for my blood pressure").
"""

from __future__ import annotations

__all__ = ["DRUG", "DRUG_NAME", "DRUG_WORDS"]

_NAMES = (
    # GLP-1 and diabetes
    "ozempic wegovy mounjaro zepbound saxenda rybelsus trulicity jardiance januvia "
    "metformin insulin semaglutide tirzepatide "
    # mood, sleep, attention
    "lexapro zoloft prozac wellbutrin celexa paxil effexor cymbalta trintellix xanax ativan "
    "klonopin valium adderall ritalin vyvanse concerta strattera ambien lamictal abilify "
    "seroquel lithium sertraline escitalopram fluoxetine bupropion citalopram venlafaxine "
    "duloxetine trazodone buspirone gabapentin pregabalin lyrica neurontin "
    # heart, blood, thyroid
    "lipitor crestor atorvastatin rosuvastatin simvastatin lisinopril losartan amlodipine "
    "metoprolol propranolol eliquis xarelto warfarin coumadin plavix synthroid levothyroxine "
    # other common ones
    "humira accutane isotretinoin prednisone nexium prilosec omeprazole singulair albuterol "
    "suboxone naltrexone spironolactone finasteride minoxidil prep truvada "
    # over the counter, taken as a habit ("I take melatonin", "I take aspirin")
    "aspirin ibuprofen advil motrin tylenol acetaminophen paracetamol melatonin zyrtec "
    "claritin allegra benadryl "
    # supplements, taken as a habit too ("I take magnesium at night")
    "magnesium zinc creatine calcium biotin collagen ashwagandha multivitamin multivitamins "
    "probiotic probiotics"
)
# Kinds of medication said as one ("I'm on birth control", "I'm off antidepressants").
_KINDS = (
    r"birth\s+control|the\s+pill|antidepressants|anti-depressants|blood\s+thinners|statins"
    r"|beta\s+blockers|antibiotics|steroids|hormone\s+therapy|hrt|testosterone|estrogen"
    # ... and supplements by their two words ("vitamin D", "fish oil", "omega-3s").
    r"|vitamin\s+(?:[a-e]|b\d{1,2}|d3|k2)(?![\w-])|fish\s+oil|omega-3s?|folic\s+acid"
    r"|iron\s+(?:pills|supplements)"
)

#: The anchor words of a rule that reads a medication by name.
DRUG_WORDS = (
    _NAMES
    + " birth pill antidepressants anti-depressants blood statins beta "
    + ("antibiotics steroids hormone hrt testosterone estrogen vitamin fish omega folic iron")
)
#: A medication by name, without a group (for a lookahead).
DRUG = r"(?i:" + "|".join(_NAMES.split()) + "|" + _KINDS + r")\b"
#: A medication by name, as the group ``val``.
DRUG_NAME = r"(?P<val>" + DRUG + ")"
