"""The one word a value said in other words takes: a status ("we split up" -> separated,
"from home" -> remote, "I don't drink" -> alcohol), and a way to work ("by bike" -> bike).
Rules with ``value="status"`` read through :data:`STATUS_OF`
(``policies/rule_values.py``)."""

from __future__ import annotations

__all__ = ["COMMUTE_OF", "STATUS_OF"]

#: Each way to work said (``commute``, policies/rules_commute.py), in its one word.
COMMUTE_OF: dict[str, str] = {
    **dict.fromkeys(
        (
            "bike",
            "bikes",
            "bicycle",
            "cycle",
            "cycles",
            "ride my bike",
            "ride his bike",
            "ride her bike",
            "ride their bike",
            "rides my bike",
            "rides his bike",
            "rides her bike",
            "rides their bike",
        ),
        "bike",
    ),
    **dict.fromkeys(("walk", "walks", "foot", "on foot"), "walk"),
    **dict.fromkeys(("drive", "drives", "car"), "car"),
    **dict.fromkeys(("metro", "tube", "underground"), "subway"),
    **dict.fromkeys(("streetcar", "light rail", "tram"), "tram"),
    **dict.fromkeys(("motorcycle", "motorbike"), "motorbike"),
    **dict.fromkeys(("carpool", "carpools"), "carpool"),
}

#: Status words a phrasing says in other words: "we split up" -> separated.
STATUS_OF: dict[str, str] = {
    "split": "separated",
    "split up": "separated",
    "no longer married": "divorced",
    "divorce": "divorced",  # "My divorce was finalized"
    # Diets in one spelling ("I eat gluten free").
    "gluten free": "gluten-free",
    "dairy free": "dairy-free",
    "lactose intolerant": "lactose-intolerant",
    "gluten intolerant": "gluten-intolerant",
    "pescetarian": "pescatarian",
    **COMMUTE_OF,
    # Conditions said as what someone is, named as "I have ..." names them (``condition``).
    "diabetic": "diabetes",
    "type 1 diabetic": "type 1 diabetes",
    "type 2 diabetic": "type 2 diabetes",
    **dict.fromkeys(("prediabetic", "pre-diabetic"), "prediabetes"),
    "epileptic": "epilepsy",
    "asthmatic": "asthma",
    "dyslexic": "dyslexia",
    "autistic": "autism",
    **dict.fromkeys(
        ("colorblind", "color blind", "color-blind", "colourblind", "colour blind", "colour-blind"),
        "color blindness",
    ),
    **dict.fromkeys(("anemic", "anaemic"), "anemia"),
    "deaf": "deafness",
    "hard of hearing": "hearing loss",
    "bipolar": "bipolar disorder",
    **dict.fromkeys(("celiac", "coeliac"), "celiac disease"),
    # Night owls and morning people, in one spelling each (``chronotype``).
    "night person": "night owl",
    **dict.fromkeys(("early bird", "early riser"), "morning person"),
    # Time away from work (``activity``: policies/rules_away.py), in one form.
    **dict.fromkeys(("out of the office", "ooo"), "out of office"),
    **dict.fromkeys(("holiday", "holidays", "pto"), "vacation"),
    "work trip": "business trip",
    # A start to come (``goal``), in one form: "start grad school", "start a new job".
    "graduate school": "grad school",
    "medical school": "med school",
    "masters": "master's",
    "phd": "PhD",
    "mba": "MBA",
    **dict.fromkeys(("new job", "new role", "new position"), "a new job"),
    # A food given up, in the diet's word ("carb-free", "red-meat-free").
    "carbs": "carb",
    "red meat": "red-meat",
    "junk food": "junk-food",
    "fast food": "fast-food",
    # What someone is like (``personality``) and their hand (``handedness``), in one form.
    "introverted": "introvert",
    **dict.fromkeys(("extroverted", "extraverted", "extravert"), "extrovert"),
    **dict.fromkeys(("easy-going", "easy going"), "easygoing"),
    "laid back": "laid-back",
    "risk taker": "risk-taker",
    **dict.fromkeys(("left handed", "lefthanded", "lefty", "southpaw"), "left-handed"),
    **dict.fromkeys(("right handed", "righthanded", "righty"), "right-handed"),
    # Where one works from (``work_mode``), in one spelling each.
    **dict.fromkeys(("remotely", "from home"), "remote"),
    **dict.fromkeys(("onsite", "in the office", "in office", "in-office"), "on-site"),
    # A death, however said (``deceased``).
    **dict.fromkeys(("passed away", "died", "passed on", "passed"), "yes"),
    # What one stops drinking is alcohol ("I don't drink", "I quit drinking"): "alcohol-free".
    **dict.fromkeys(
        (
            "drink",
            "drink alcohol",
            "drink booze",
            "drink liquor",
            "drinking",
            "drinking alcohol",
            "booze",
            "sober",
        ),
        "alcohol",
    ),
}
