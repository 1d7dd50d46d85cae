"""Task rules: what someone has to do, as the ``todo`` it is ("Remind me to call Mom on
Sunday", "Don't let me forget to renew my passport", "I need to book a vet appointment
before Friday", "Add pick up the dry cleaning to my to-do list").

A task is an occasion, dated by when it is due ("on Sunday"); it holds until it is done
or dropped: ``policies/ended_goals.py`` reads "I called Mom" and "I don't need to renew my
passport after all" against the tasks memory holds, as it does goals. A reminder on a
schedule that repeats ("Remind me to water the plants every Sunday") is a standing
instruction (``policies/action_grammar.py``), not a task.

"I need to" and "I have to" say a task less plainly than a request to be reminded does,
so they count for less, and only for an errand ("I need to call the bank", "pick up the
kids", "get a haircut"; not "I need to find a better way", "We gotta push ourselves"), not
for what is said in passing in a conversation ("I have to say, ...", "I need to go", "I
need to think about it") nor what points back to something the turn names ("I need to
finish it"). Not someone else's ("Tom needs to call the bank" is no task of the
speaker's), a past ("I had to call the bank") or a supposition; nor a reminder not asked
for ("Moments like these remind me to slow down").

Part of the rule table (``policies/rules.py`` assembles it); see ``patterns.Rule`` for what
each option means.
"""

from __future__ import annotations

from nousmem.policies.action_grammar import PERIODIC
from nousmem.policies.patterns import VAL, Rule, make_rule, one_of

__all__ = ["ASKED", "TASK_ATTRIBUTE", "TASK_RULES"]

TASK_ATTRIBUTE = "todo"

# Verbs of talk, thought and leaving, said with "I need to" in passing: no task.
_IN_PASSING = (
    "say admit tell ask know think go leave run head be sleep rest relax talk chat agree "
    "confess warn thank apologize apologise mention point see hear wonder vent clarify "
    "correct stop wait hurry pee focus calm breathe remember keep have catch"
)
# ... and "get" in passing: "I need to get going", "I have to get back to work" (not "get a
# haircut", "get groceries"); nor "I need to pay attention", "I have to check in with you".
_GET_IN_PASSING = (
    r"get\s+(?:going|back|some\s+(?:sleep|rest)|ready|over|up|off|out|away|on)"
    r"|pay\s+(?:more\s+)?attention|check\s+(?:in|out)\b(?!\s+of)"
)
# A task's object that points back at what the turn names: "finish it", "call him".
_POINTS_BACK = r"(?:it|that|this|them|him|her|these|those|something|anything|everything|you)"
_NOT_A_TASK = (
    rf"(?!(?:{one_of(_IN_PASSING)}|{_GET_IN_PASSING})\b)"
    rf"(?![\w-]+\s+{_POINTS_BACK}\b)"
    # A schedule that repeats makes a standing instruction, not a task.
    rf"(?![^.!?\n]*(?i:{PERIODIC.pattern}))"
)

# What an errand opens with: "I need to" is a task only with one ("call the bank", "pick up
# the kids", "get a haircut"; not "find a better way", "push ourselves", "get the word out").
_ERRANDS = (
    "call phone ring text email e-mail message reply write book schedule reschedule cancel "
    "buy order pay renew return send mail submit file finish complete fix repair clean wash "
    "tidy pick drop bring grab fill sign print register apply update check confirm "
    "prepare pack unpack charge do feed walk water mow vacuum visit cook bake iron sort "
    "look shop vote study practice practise"
)
_ERRAND = (
    rf"(?={one_of(_ERRANDS)}\b|(?i:see)\s+(?i:a|the|my|an)\s"
    r"|(?i:get)\s+(?!(?i:the\s+word)\b)(?i:a|an|my|the|some|new|groceries)\b"
    # "take out the trash", "take the car in"; not "take insulin", a medication's habit.
    r"|(?i:take)\s+(?i:out|back|down|in|the\s+(?:car|dog|kids|trash|garbage|bins|recycling)"
    r"|my\s+(?:car|dog|kids))\b"
    r"|(?i:make)\s+(?i:a|an)\s+(?:[\w-]+\s+)?(?i:appointment|reservation|booking|payment))"
    # "look into shelters", "sort out the insurance": not "look forward", "look good".
    r"(?!(?i:look)\s+(?!(?i:into|up|for|at)\b))(?!(?i:sort)\s+(?!(?i:out)\b))"
    r"(?!(?i:do)\s+(?i:what|whatever|my\s+best|better|more|it|that|this)\b)"
)

# Staples a household runs out of and buys again ("We're out of coffee": ``buy coffee``;
# a hyphen stands for a space).
_STAPLES = (
    "milk eggs bread coffee tea butter cheese sugar flour rice pasta cereal oil salt pepper "
    "yogurt fruit bananas apples vegetables onions garlic potatoes toilet-paper paper-towels "
    "detergent dish-soap soap shampoo conditioner toothpaste deodorant diapers wipes "
    "dog-food cat-food kibble litter batteries water sparkling-water juice beer wine "
    "groceries ketchup mayo snacks"
)

#: A request opens its clause ("Please remind me", "Oh, and can you remind me"), not a
#: subject's verb ("Moments like these remind me to ...").
ASKED = (
    r"(?:^\s*|[,;:]\s+)(?:(?i:please|pls|and|also|just|so|oh|hey|ok|okay|can\s+you"
    r"|could\s+you|would\s+you|will\s+you|can\s+u|could\s+u)[,!]?\s+)*"
)

# When a reminder is asked for, between "remind me" and the task ("Remind me on Friday to
# call Mom"): a day, a time or a while.
_SOON = (
    r"(?i:today|tonight|tomorrow|later|soon|next\s+\w+|this\s+\w+|on\s+\w+|at\s+\d[\d:.]*"
    r"(?:\s*[ap]\.?m\.?)?|in\s+(?:a|an|\w+)\s+(?:minutes?|hours?|days?|weeks?|months?))"
)

TASK_RULES: tuple[Rule, ...] = (
    # "Remind me to call Mom on Sunday", "Please remind me to book the vet", "Remind us to
    # pay the rent", "Remind me that I need to renew my passport".
    make_rule(
        TASK_ATTRIBUTE,
        "remind",
        ASKED
        + r"(?i:remind)\s+(?P<poss>(?i:me|us))\s+"
        # "Remind me on Friday to call Mom", "Remind me tomorrow to pay the rent".
        + r"(?:"
        + _SOON
        + r"\s+)?(?:(?i:to)|(?i:that)\s+(?i:I|we)\s+"
        r"(?i:need\s+to|have\s+to|must|should|gotta|'ve\s+got\s+to))\s+" + _NOT_A_TASK + VAL,
        value="vp",
        settled=True,
    ),
    # "Set a reminder to call Mom on Sunday", "Can you set a reminder for me to call the
    # dentist?", "Create a reminder for Friday to pay the rent": a request that names no one
    # is the speaker's (``subject="speaker"``).
    make_rule(
        TASK_ATTRIBUTE,
        "reminder",
        ASKED + r"(?i:set|create|make|add|put\s+in)\s+(?i:a|an)\s+(?i:reminder)\s+"
        r"(?:(?i:for)\s+(?:(?i:me|us)|" + _SOON + r"|\w+)\s+)?"
        # Not where it is put: "Add a reminder to my calendar".
        r"(?i:to)\s+(?!(?i:my|our|the)\s+(?i:calendar|phone|list|schedule|agenda)\b)"
        + _NOT_A_TASK
        + VAL,
        value="vp",
        subject="speaker",
        settled=True,
    ),
    # "Remind me about the dentist appointment", "Don't let me forget about Ana's birthday":
    # the thing to be reminded of.
    make_rule(
        TASK_ATTRIBUTE,
        "remind",
        ASKED + r"(?i:remind)\s+(?P<poss>(?i:me|us))\s+(?i:about)\s+" + VAL,
        value="np",
        settled=True,
    ),
    make_rule(
        TASK_ATTRIBUTE,
        "forget",
        r"\b(?i:don't|do\s+not)\s+(?i:let)\s+(?P<poss>(?i:me|us))\s+(?i:forget)\s+(?i:about)\s+"
        + VAL,
        value="np",
        settled=True,
    ),
    # "Note to self: buy milk", "Reminder: call the vet", "To-do: renew my passport".
    make_rule(
        TASK_ATTRIBUTE,
        "note self reminder todo do",
        r"^\W*(?i:note\s+to\s+self|reminder|to-?do|todo)\s*[:\-\u2013\u2014]\s*"
        + _NOT_A_TASK
        + VAL,
        value="vp",
        subject="speaker",
        settled=True,
    ),
    # "Don't remind me to call the bank", "No need to remind me to pay the rent anymore":
    # the task is dropped.
    make_rule(
        TASK_ATTRIBUTE,
        "remind",
        r"\b(?i:don't|do\s+not|no\s+need\s+to|stop|you\s+don't\s+need\s+to)\s+"
        r"(?i:remind|reminding)\s+(?P<poss>(?i:me|us))\s+(?i:to)\s+" + VAL,
        value="vp",
        negate=True,
        # Its own words deny it: "anymore" after them does not turn it back.
        presupposed=True,
        settled=True,
    ),
    # "Don't let me forget to call the bank", "Make sure I remember to water the plants",
    # "Make sure I don't forget to pay the rent".
    make_rule(
        TASK_ATTRIBUTE,
        "forget",
        r"\b(?i:don't|do\s+not)\s+(?i:let)\s+(?P<poss>(?i:me|us))\s+(?i:forget)\s+(?i:to)\s+"
        + _NOT_A_TASK
        + VAL,
        value="vp",
        settled=True,
    ),
    make_rule(
        TASK_ATTRIBUTE,
        "forget remember",
        r"\b(?i:make\s+sure)\s+(?P<poss>I|(?i:we))\s+(?:(?i:remember)|(?i:don't|do\s+not)"
        r"\s+(?i:forget))\s+(?i:to)\s+" + _NOT_A_TASK + VAL,
        value="vp",
        settled=True,
    ),
    # "I need to renew my passport before June", "I still have to call the plumber", "I've
    # got to pick up Ana at 5", "I must remember to book the flights": a task said less
    # plainly, so only an errand's. "I don't need to call the bank anymore" drops one; "I
    # don't have to work tomorrow" alone says nothing held.
    make_rule(
        TASK_ATTRIBUTE,
        "need have got gotta must",
        r"\b(?:(?i:still|really|also|definitely|urgently|just|first|absolutely)\s+)?"
        r"(?:(?i:need|have|'ve\s+got)\s+(?i:to)|(?i:gotta|must))\s+"
        r"(?:(?i:remember)\s+(?i:to)\s+)?" + _NOT_A_TASK + _ERRAND + VAL,
        value="vp",
        settled=True,
        plain_denial_drops=True,
        weight=0.8,
    ),
    # "Add eggs to my shopping list", "Put milk on the grocery list": a thing to buy, the
    # task ``buy eggs`` (which "Got the eggs" ends: policies/ended_goals.py).
    make_rule(
        TASK_ATTRIBUTE,
        "shopping grocery groceries",
        ASKED
        + r"(?i:add|put)\s+(?P<val>(?!(?i:it|that|this|them)\b)[\w'-]+(?:\s+[\w'-]+){0,3}?)\s+"
        r"(?i:to|on)\s+(?i:my|our|the)\s+(?i:shopping|grocery|groceries)\s+(?i:list)\b",
        value="raw",
        template="buy {}",
        subject="speaker",
    ),
    # "I've added eggs to the shopping list", "I put milk on our grocery list": on it to buy.
    make_rule(
        TASK_ATTRIBUTE,
        "shopping grocery groceries",
        r"\b(?i:I|we)(?:['\u2019]ve|\s+have)?\s+(?:(?i:just|already|also)\s+)?(?i:added|put)\s+"
        r"(?P<val>(?!(?i:it|that|this|them)\b)[\w'-]+(?:\s+[\w'-]+){0,3}?)\s+"
        r"(?i:to|on)\s+(?i:my|our|the)\s+(?i:shopping|grocery|groceries)\s+(?i:list)\b",
        value="raw",
        template="buy {}",
        subject="speaker",
    ),
    # "We're out of coffee", "We ran out of milk", "I'm almost out of shampoo": a staple to
    # buy, said less plainly than a list asks for it; "we" is the speaker's household (not
    # "out of ideas / time / town", "coffee filters", a question or a denial).
    make_rule(
        TASK_ATTRIBUTE,
        "out",
        r"\b(?i:we|I)(?:(?:'re|'m|\s+(?i:are|am))\s+(?:(?i:almost|nearly|all|completely"
        r"|totally|running)\s+)?|\s+(?:(?i:just|already)\s+)?(?i:ran|run)\s+)(?i:out)\s+(?i:of)\s+"
        r"(?P<val>" + one_of(_STAPLES).replace("-", r"\s+") + r")"
        r"(?=\s*(?:[.,;!)]|$)|\s+(?i:and|so|again|already|now|at|in|too)\b)",
        value="raw",
        template="buy {}",
        subject="speaker",
        settled=True,  # not "If we run out of milk, ..."
        items=r"(?P<val>" + one_of(_STAPLES).replace("-", r"\s+") + r")\b",
        weight=0.8,
    ),
    # "Add call the vet to my to-do list", "Put renew my passport on my list of things to
    # do".
    make_rule(
        TASK_ATTRIBUTE,
        "todo do list",
        r"\b(?i:add|put)\s+" + VAL + r"\s+(?i:to|on)\s+(?P<poss>(?i:my|our))\s+"
        r"(?i:to-?do|todo|task|tasks)\s+(?i:list)\b",
        value="vp",
        subject="poss",
    ),
)
