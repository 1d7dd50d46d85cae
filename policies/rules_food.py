"""Rules for what someone cannot or will not eat: ``allergy`` ("I'm allergic to peanuts
and shellfish") and ``diet`` ("I'm vegan", "I went vegan last year", "I can't eat gluten").

Part of the rule table: ``rules_personal.py`` places these among the personal rules, in
the order they always had; see ``patterns.Rule`` for what each option means.
"""

from __future__ import annotations

from nousmem.policies.letters import LETTER, WORD
from nousmem.policies.patterns import (
    GIVEN_UP_END,
    NOT_WORD,
    Rule,
    make_rule,
)

__all__ = ["FOOD_RULES"]

# The allergy's severity, between the verb and "allergic".
# "Mia is also allergic to shellfish", "The kids are both allergic to peanuts".
_ALSO = r"(?:(?i:also|both|all|still|apparently|actually)\s+)?"
_SEVERITY = (
    r"(?:(?i:very|severely|seriously|really|so|extremely|mildly|slightly|deathly|super|highly"
    r"|a\s+(?:bit|little))\s+)?"
)

# An allergen's words, and what ends it.
_AFTER_ALLERGEN = (
    "my|tbh|lol|haha|since|for|and|or|but|too|as|all|every|ever|though|now|anymore|so|which"
    "|that|because|when|whenever|if|unless|like|apparently|actually|really|right|at|in|on"
    "|from|after|before|during|until|while|who|whom|whose|where"
)
# Not an allergen: a pronoun or a vague word ("allergic to it / that stuff / whatever they
# put in ..."), people ("allergic to people who chew loudly").
_NOT_ALLERGEN = (
    "anything|nothing|everything|something|it|that|this|these|those|them|him|her|me|you"
    "|whatever|anyone|anybody|everyone|everybody|people|someone|somebody|my|his|their|our"
    "|your"
)

# A short thing, not what follows it: "penicillin (my whole life)", "cats (tbh)"; not a
# count ("2 things: ...").
_ALLERGEN = (
    rf"(?P<val>(?![\d]|(?i:{_NOT_ALLERGEN})\b)"
    + rf"{WORD}(?:\s+(?!(?i:{_AFTER_ALLERGEN})\b){WORD}){{0,2}})"
)

# Diets by name; a value is the lowercase word ("gluten free" -> "gluten-free", see
# ``status_words.STATUS_OF``).
# Diets by name, read only with the word "diet" after them: a bare "Mediterranean" is a
# place's, "low-fat" a food's.
_NAMED_DIETS = (
    r"(?i:low[- ]carb|low[- ]fat|low[- ]sodium|low[- ]salt|low[- ]fodmap|low[- ]sugar"
    r"|sugar[- ]free|high[- ]protein|mediterranean|whole30|dash|raw[- ]food|carnivore"
    r"|plant[- ]based|vegan|vegetarian|pescatarian|keto|paleo)"
)
_DIETS = (
    r"(?P<val>(?i:vegetarian|vegan|pescatarian|pescetarian|gluten[- ]free|dairy[- ]free"
    r"|lactose[- ]intolerant|gluten[- ]intolerant|keto|paleo|kosher|halal|flexitarian"
    r"|omnivore|carnivore|plant[- ]based))\b"
    # Not a thing of that kind: "a vegan restaurant", "vegetarian options", "keto bread".
    r"(?!-|\s+(?i:restaurant|restaurants|place|places|food|foods|recipe|recipes|option|options"
    r"|meal|meals|dish|dishes|friendly|burger|burgers|cafe|bakery|menu|cheese|version"
    r"|alternative|alternatives|bread|pizza|snack|snacks|cookbook|friend|friends|lasagna"
    r"|lasagne|products?|brand|store|shop|cooking|cuisine|chili|curry|pasta|cake|cookies|chef"
    r"|chefs|cook|cooks|baker|bakers|blogger|bloggers)\b)"
)

# A diet in a list after the first: "I'm vegan *and gluten-free*".
_DIET_ITEM = r"(?:(?i:a|an)\s+)?" + _DIETS

FOOD_RULES: tuple[Rule, ...] = (
    # ---- allergy ---------------------------------------------------------------------
    # "I'm allergic to peanuts", "Ana is severely allergic to shellfish".
    make_rule(
        "allergy",
        "allergic",
        r"(?i:'m|\bam|'s|\bis|\bare|\bbe|\bget|\bgot|\bbecame|\bbeen)\s+"
        + _ALSO
        + NOT_WORD
        + _SEVERITY
        + r"(?i:allergic)\s+(?i:to)\s+"
        + _ALLERGEN,
        value="allergen",
        settled=True,  # not "I may be allergic to cats"
        items=_ALLERGEN,  # "allergic to peanuts and shellfish"
    ),
    # "I have a peanut allergy", "I've got a severe shellfish allergy".
    make_rule(
        "allergy",
        "allergy",
        r"(?i:\bhave|\bhas|'ve\s+got|\bgot)\s+(?:(?i:an?)\s+)?"
        r"(?:(?i:severe|serious|bad|mild|slight|deadly|life-threatening)\s+)?"
        r"(?P<val>(?!(?i:severe|serious|bad|mild|slight|new|an?|the|some|no|food|skin|drug"
        r"|medication|medicine|seasonal|environmental|that|this|weird|strange|known|suspected"
        r"|possible|mystery)\b)"
        rf"[{LETTER}-]{{3,30}})"
        r"\s+(?i:allergy)\b",
        value="allergen",
        settled=True,
    ),
    # "Max outgrew his egg allergy", "I grew out of my peanut allergy", "I got over my cat
    # allergy": an allergy that ended.
    make_rule(
        "allergy",
        "allergy allergies",
        r"\b(?i:outgrew|outgrown|outgrows|grew\s+out\s+of|grown\s+out\s+of|got\s+over"
        r"|no\s+longer\s+(?:have|has))\s+(?i:my|his|her|their|the|an?)\s+"
        r"(?:(?i:severe|serious|bad|mild|slight|old|childhood)\s+)?"
        rf"(?P<val>[{LETTER}-]{{3,30}})\s+(?i:allergy|allergies)\b",
        value="allergen",
        negate=True,
        change=True,
        elide="past",
        settled=True,  # not "I hope Max outgrows his egg allergy"
    ),
    # ---- diet ------------------------------------------------------------------------
    # "I'm vegan", "I'm a vegetarian", "Ana is gluten-free", "I went vegan last year".
    make_rule(
        "diet",
        "vegetarian vegan pescatarian pescetarian gluten dairy lactose keto paleo kosher halal"
        " flexitarian omnivore carnivore plant",
        r"(?i:'m|\bam|'s|\bis|'re|\bare|\bbe|\bbeen|\bbecame|\bwent|\bgone|\bgoing)\s+"
        + NOT_WORD
        + r"(?:(?i:now|fully|strictly|mostly|completely|basically|still|also|both|all|a"
        r"|an)\s+){0,2}" + _DIETS,
        value="status",
        items=_DIET_ITEM,  # "I'm vegan and gluten-free"
    ),
    # "I'm on a keto diet", "I follow a vegan diet", "I eat gluten-free", "I keep kosher".
    make_rule(
        "diet",
        "vegetarian vegan pescatarian pescetarian gluten dairy lactose keto paleo kosher halal",
        r"\b(?i:on\s+an?|follow\s+an?|follows\s+an?|eat|eats|keep|keeps)\s+"
        + _DIETS
        + r"(?:\s+(?i:diet))?(?=\s*(?:[.,;!?)]|$)|\s+(?i:and|but|now|since|for|these)\b)",
        value="status",
        items=_DIET_ITEM,
    ),
    # "I'm on a low-carb diet", "I follow the Mediterranean diet": a diet by its name, only
    # with the word "diet" after it (a bare "Mediterranean" is a place's, "low-fat" a food's).
    make_rule(
        "diet",
        "diet",
        r"\b(?i:on|follow|follows|following|started|starting|doing|trying)\s+"
        r"(?i:an?|the|my)\s+(?:(?i:strict|new)\s+)?"
        r"(?P<val>" + _NAMED_DIETS + r")\s+(?i:diet)\b",
        value="status",
    ),
    # "I'm switching to a vegetarian diet", "I went on a keto diet": a change of diet (not
    # the tool "switched to" reads).
    make_rule(
        "diet",
        "diet",
        r"\b(?i:switch|switched|switching|moved|moving|changed|changing|transitioned"
        r"|transitioning|went|going)\s+(?i:to|on)\s+(?i:an?|the)\s+(?:(?i:strict|new)\s+)?"
        r"(?P<val>" + _NAMED_DIETS + r")\s+(?i:diet)\b",
        value="status",
        change=True,
    ),
    # "I can't eat gluten.", "I don't eat dairy anymore.", "I don't eat pork.": the diet
    # free of it ("pork-free"), only when
    # the sentence ends there. Whatever follows is as often a limit for a while or a place
    # ("for a week", "during Lent", "after 8pm", "at this restaurant") or says how much
    # ("very often", "much"). "Have" only as "can't have": "I don't have dairy" is the fridge.
    make_rule(
        "diet",
        "eat have",
        r"(?:(?i:can't|cannot|can\s+not)\s+(?i:eat|have)|(?i:don't|do\s+not)\s+(?i:eat))\s+"
        r"(?:(?i:any)\s+)?(?P<val>(?i:gluten|dairy|red\s+meat|meat|pork|beef|seafood|shellfish"
        r"|fish|eggs|nuts|peanuts|sugar|soy|carbs))(?=(?:\s+(?i:anymore|at\s+all))?\s*"
        r"(?:[.!]|$))",
        value="status",
        template="{}-free",
        presupposed=True,  # "anymore" says the diet is new, not that it ended
        settled=True,  # not "If I can't eat gluten."
    ),
    # "I stopped eating meat", "I gave up dairy last year": a diet free of it from then on.
    make_rule(
        "diet",
        "eating gave",
        r"\b(?:(?i:stopped|quit)\s+(?i:eating)|(?i:gave\s+up)(?:\s+(?i:eating))?)\s+"
        r"(?P<val>(?i:gluten|dairy|red\s+meat|meat|pork|beef|seafood|shellfish|fish|eggs|sugar"
        r"|carbs|chocolate|junk\s+food|fast\s+food))" + GIVEN_UP_END,
        value="status",
        template="{}-free",
        change=True,
        elide="past",
        settled=True,
    ),
    # "I don't drink.", "I don't drink alcohol anymore.", "I can't drink alcohol.": an
    # alcohol-free diet, only when the sentence ends there ("I don't drink much", "...
    # coffee after 6pm", "... on weeknights" say how much, what or when).
    make_rule(
        "diet",
        "drink",
        r"(?:(?i:can't|cannot|can\s+not|don't|do\s+not|doesn't|does\s+not|never)\s+)"
        r"(?P<val>(?i:drink)(?:\s+(?i:alcohol|booze|liquor))?)"
        r"(?=(?:\s+(?i:anymore|any\s+more|at\s+all))?\s*(?:[.!]|$))",
        value="status",
        template="{}-free",
        presupposed=True,  # "anymore" says the diet is new, not that it ended
        settled=True,
    ),
    # "I don't drink coffee.", "I can't have caffeine anymore.", "I quit coffee", "I gave up
    # soda last year", "I stopped drinking coffee": a diet free of it, as of alcohol (not
    # "I don't drink coffee after 6pm", a limit; nor "I quit coffee for Lent", a while).
    make_rule(
        "diet",
        "drink have",
        r"(?:(?i:can't|cannot|can\s+not|don't|do\s+not|doesn't|does\s+not|never)\s+"
        r"(?i:drink|have))\s+(?:(?i:any)\s+)?(?P<val>(?i:coffee|caffeine|soda))"
        r"(?=(?:\s+(?i:anymore|any\s+more|at\s+all))?\s*(?:[.!]|$))",
        value="status",
        template="{}-free",
        presupposed=True,
        settled=True,
    ),
    make_rule(
        "diet",
        "quit gave stopped",
        r"\b(?:(?i:stopped|quit|gave\s+up)\s+(?:(?i:drinking)\s+)?"
        r"(?P<val>(?i:coffee|caffeine|soda)))" + GIVEN_UP_END,
        value="status",
        template="{}-free",
        change=True,
        elide="past",
        settled=True,
    ),
    # "I'm sober", "I've been sober for two years", "I got sober in 2019": alcohol-free (not
    # "sober curious", "sober-minded"; "I'm not sober" says how one is tonight).
    make_rule(
        "diet",
        "sober",
        r"(?i:'m|\bam|'s|\bis|'ve\s+been|\bbeen|\bgot|\bstayed|\bstaying)\s+"
        r"(?:(?i:now|fully|completely|still|also|officially|stone[- ]cold)\s+)?"
        r"(?P<val>(?i:sober))\b(?![- ](?i:curious|minded|living|house|October|january)\b)",
        value="status",
        template="{}-free",
        denial_drops=True,
        settled=True,
    ),
    # "I stopped drinking last year", "I quit drinking", "I gave up alcohol".
    make_rule(
        "diet",
        "drinking alcohol booze",
        r"\b(?:(?i:stopped|quit|gave\s+up)\s+"
        r"(?P<val>(?i:drinking(?:\s+alcohol)?|alcohol|booze)))" + GIVEN_UP_END,
        value="status",
        template="{}-free",
        change=True,
        elide="past",
        settled=True,
    ),
)
