"""Attribute schema: which attributes hold one value, which hold many, and how fast they fade.

A belief dimension is shaped by its attribute: ``employer`` has one true value at a time (a
categorical belief), ``hobby`` may have several (one Beta-Bernoulli belief per value). The
half-life is in days of *event* time and sets the retention factor of the paper's Eq. 4:
``lambda = 0.5 ** (1 / half_life_days)``, so after one half-life without reinforcement half of
the evidence has faded.
"""

from __future__ import annotations

from nousmem.projections.attribute_spec import (
    AttributeSchema,
    AttributeSpec,
    Cardinality,
    Timing,
    normalise_attribute,
)

__all__ = [
    "DEFAULT_SCHEMA",
    "EATING_PATTERNS",
    "AttributeSchema",
    "AttributeSpec",
    "Cardinality",
    "Timing",
    "normalise_attribute",
]


def _single(
    name: str,
    half_life_days: float,
    aliases: str = "",
    phrases: tuple[str, ...] = (),
    timing: Timing = "state",
) -> AttributeSpec:
    return AttributeSpec(
        name=name,
        cardinality="single",
        half_life_days=half_life_days,
        aliases=(*aliases.split(), *phrases),
        timing=timing,
    )


def _multi(
    name: str,
    half_life_days: float,
    aliases: str = "",
    phrases: tuple[str, ...] = (),
    exclusive: tuple[tuple[str, ...], ...] = (),
    timing: Timing = "state",
) -> AttributeSpec:
    return AttributeSpec(
        name=name,
        cardinality="multi",
        half_life_days=half_life_days,
        aliases=(*aliases.split(), *phrases),
        exclusive=exclusive,
        timing=timing,
    )


# Words of cooking and meals, which ask about allergies and diets.
_MEALS = (
    "eat eats eating ate food foods cook cooks cooking meal meals dinner dinners lunch "
    "lunches breakfast brunch menu menus recipe recipes snack snacks restriction restrictions "
    "restaurant restaurants"
)
# Words of what an assistant is asked to pick for someone, which their tastes answer
# ("What gift should I get Ana?", "Suggest a restaurant", "Make me a playlist").
_PICKS = (
    "gift gifts present presents recommend recommends recommendation recommendations "
    "suggest suggestion suggestions"
)
# Words of arranging a meeting, which someone's time zone, hours and place of work answer.
_MEETINGS = "schedule scheduling meeting meetings call calls appointment appointments calendar"
# Words of booking travel, which someone's home, plans and fear of flying answer.
_FLIGHTS = "flight flights fly flying"

#: What someone eats, one pattern at a time; restrictions and plans ("gluten-free",
#: "kosher", "keto") go with any of them.
EATING_PATTERNS = ("vegan", "vegetarian", "pescatarian", "flexitarian", "omnivore", "carnivore")


# Half-lives follow how long each fact typically stays true: a job ~ 2 years, a home ~ 1 year,
# kin and names ~ a lifetime, tastes and tools months to a year.
DEFAULT_SCHEMA = AttributeSchema(
    attributes=(
        # "When did Sam start at Google?" asks when the job began ("When does Sam start at
        # Google?" asks for a plan too: the goal's "start at").
        _single(
            "employer",
            730.0,
            "work works working job employed employer company",
            ("start at", "started at", "started working"),
        ),
        _single("location", 365.0, "live lives living based reside resides home city " + _FLIGHTS),
        _single("relationship_status", 730.0, "relationship single dating married"),
        _single("role", 540.0, "role job title position profession occupation"),
        _single(
            "spouse",
            3650.0,
            "spouse married husband wife partner boyfriend girlfriend fiance fiancee fiancé "
            "fiancée",
        ),
        _single("manager", 730.0, "manager managers boss bosses supervisor lead"),
        _single("doctor", 1825.0, "doctor doctors physician gp pediatrician paediatrician"),
        _single("dentist", 1825.0, "dentist dentists orthodontist"),
        _single(
            "therapist",
            1825.0,
            "therapist therapists counselor counsellor psychiatrist psychologist",
        ),
        _single("teacher", 365.0, "teacher teachers"),
        _single("nanny", 730.0, "nanny nannies babysitter babysitters sitter sitters"),
        # A school year: "What grade is Mia in?" (a new one each year).
        _single("grade", 365.0, "grade grades kindergarten preschool"),
        _single("team", 540.0, "team teams squad department"),
        _single(
            "work_mode", 540.0, "remote remotely hybrid onsite on-site office wfh " + _MEETINGS
        ),
        _single("budget", 90.0, "budget spend afford"),
        _single(
            "wake_time",
            365.0,
            "wake wakes waking woke wakeup " + _MEETINGS,
            ("get up", "gets up"),
        ),
        _single("bedtime", 365.0, "bed bedtime sleep asleep"),
        _single(
            "chronotype",
            1825.0,
            "chronotype",
            ("night owl", "morning person", "early bird", "early riser"),
        ),
        _single(
            "commute",
            730.0,
            "commute commutes commuting",
            ("get to work", "gets to work", "get to school", "gets to school"),
        ),
        # "Do I live alone?", "Who does Ana live with?".
        _single(
            "household",
            730.0,
            "alone household",
            ("live with", "lives with", "living with", "live by"),
        ),
        _single(
            "housing",
            1825.0,
            "own owns rent rents renting renter renters homeowner homeowners mortgage landlord "
            "lease",
        ),
        # "What are my working hours?"; a meeting to arrange asks for them too.
        _single(
            "work_hours",
            540.0,
            "shift shifts " + _MEETINGS,
            ("working hours", "work hours", "office hours", "what hours", "when do i work"),
        ),
        _multi(
            "days_off",
            540.0,
            _MEETINGS,
            ("day off", "days off", "am i off", "is * off", "am * off", "free on"),
        ),
        _single("timezone", 730.0, "timezone zone " + _MEETINGS, ("what time",)),
        _single("name", 36500.0, "name called", timing="lifelong"),
        _single("age", 365.0, "age old"),
        _single("pronouns", 3650.0, "pronouns pronoun"),
        _single("origin", 365.0, "originally hometown", timing="lifelong"),
        _multi(
            "nationality",
            36500.0,
            "nationality nationalities citizen citizenship passport",
            timing="lifelong",
        ),
        # "What martial arts has John done?" names no attribute: what someone has done or
        # practises is asked of hobbies and activities ("play" is not: "play a role").
        _multi(
            "hobby",
            730.0,
            "hobby hobbies pastime pastimes done practice practices sport sports " + _PICKS,
        ),
        _multi(
            "activity",
            180.0,
            # What is on someone's calendar: "Am I free on Saturday?", "When is my day
            # off?", "What's happening next week?", "When is Mom visiting?", "Who is away
            # this week?", "Is Leo sick?".
            "activity activities done bought buy purchase purchased busy happening visiting "
            "reservation reservations booking upcoming agenda sick " + _MEETINGS,
            (
                "day off",
                "time off",
                "going on",
                "up to",
                "am i free",
                "is * free",
                "coming up",
                "out of town",
                # Not "away" alone: "What did you take away from the book?"
                "is away",
                "are away",
                "be away",
                "who's away",
            ),
            timing="occasion",
        ),
        _multi("pet", 1825.0, "pet pets dog dogs cat cats"),
        _multi("vehicle", 1825.0, "vehicle vehicles car cars drive drives truck suv"),
        _multi(
            "visited",
            3650.0,
            "visit visited travel traveled travelled traveling travelling trip trips countries",
            ("been to",),
            timing="occasion",
        ),
        _multi("friend", 1095.0, "friend friends"),
        _multi(
            "coworker",
            1095.0,
            "coworker coworkers co-worker co-workers colleague colleagues teammate teammates "
            "workmate workmates",
        ),
        _multi("neighbor", 1825.0, "neighbor neighbors neighbour neighbours"),
        _multi("project", 365.0, "project projects", ("working on", "work on")),
        _multi(
            "roommate",
            730.0,
            "roommate roommates roomie flatmate flatmates housemate housemates",
        ),
        _multi(
            "relative",
            36500.0,
            "relative relatives cousin cousins niece nieces nephew nephews aunt aunts uncle "
            "uncles grandson grandsons granddaughter granddaughters grandchild grandchildren "
            "grandkids stepson stepdaughter in-law in-laws",
            timing="lifelong",
        ),
        _multi(
            "likes",
            365.0,
            "like likes favorite favourite love loves enjoy enjoys music song songs playlist "
            "movie movies film films restaurant restaurants " + _PICKS,
        ),
        _multi("dislikes", 365.0, "dislike dislikes hate hates " + _PICKS + " " + _MEALS),
        _multi("uses", 180.0, "use uses using tool tools"),
        # Cooking, a meal or a menu asks what must not be in it too ("What can I cook for
        # Ana?", "Plan a dinner menu").
        _multi("allergy", 36500.0, "allergy allergies allergic dietary " + _MEALS),
        _multi(
            "medication",
            365.0,
            "medication medications medicine medicines meds pills prescription prescriptions "
            "prescribed drug drugs supplement supplements vitamin vitamins",
        ),
        _multi(
            "condition",
            36500.0,
            "condition conditions diagnosis diagnosed health illness illnesses disease "
            "diseases medical",
        ),
        # An injury heals in weeks or months: "What happened to Ana's leg?".
        _multi(
            "injury",
            120.0,
            "injury injuries injured hurt broke broken sprained sprain fracture fractured "
            "accident health",
            timing="occasion",
        ),
        _multi(
            "diet",
            1825.0,
            "diet diets dietary vegetarian vegan eat eats " + _MEALS,
            exclusive=(EATING_PATTERNS,),
        ),
        _multi(
            "fear",
            3650.0,
            "afraid scared fear fears terrified frightened phobia phobias " + _FLIGHTS,
        ),
        _multi(
            "personality",
            3650.0,
            "personality personalities trait traits temperament introvert introverted "
            "extrovert extroverted ambivert shy outgoing perfectionist",
            # Not "what is * like": "What's the weather like in Oslo?" asks no trait.
            ("what kind of person", "what sort of person"),
        ),
        _single(
            "handedness",
            36500.0,
            "handed handedness lefty righty southpaw ambidextrous",
            ("which hand",),
            timing="lifelong",
        ),
        _multi("speaks", 36500.0, "speak speaks spoken fluent bilingual language languages tongue"),
        _single("birthday", 36500.0, "birthday born bday birth dob", timing="lifelong"),
        _single("deceased", 36500.0, "died dead passed death deceased alive", timing="occasion"),
        _single("anniversary", 36500.0, "anniversary anniversaries", timing="lifelong"),
        _single(
            "birth_year", 36500.0, "born birth", ("what year", "which year"), timing="lifelong"
        ),
        _multi(
            "school",
            36500.0,
            "school schools college university graduate graduated education educated alma "
            "attend attended",
            timing="occasion",
        ),
        _multi(
            "studied",
            36500.0,
            "study studied studies major majored degree education field",
            timing="occasion",
        ),
        _multi(
            "child",
            36500.0,
            "child children kid kids son sons daughter daughters",
            timing="lifelong",
        ),
        # Phrases only: "Tell me about Alice's kids" asks about the children themselves.
        _single(
            "number_of_children",
            3650.0,
            phrases=("how many kids", "how many children", "how many child", "number of kids"),
        ),
        _multi(
            "sibling",
            36500.0,
            "sibling siblings brother brothers sister sisters",
            timing="lifelong",
        ),
        _multi("parent", 36500.0, "parent parents mother father mom mum dad", timing="lifelong"),
        _multi(
            "grandparent",
            36500.0,
            "grandparent grandparents grandmother grandfather grandma grandpa granny nana",
            timing="lifelong",
        ),
        # A state to come is a plan (``policies/plans.py``): "Where will Sam work?", "Is
        # Sam going to move?", "When does Sam start at Google?".
        _multi(
            "goal",
            180.0,
            "goal goals plan plans planning planned trip trips vacation saving hotel hotels "
            "upcoming " + _FLIGHTS,
            (
                "will * work",
                "will * live",
                "will * move",
                "will * start",
                "will * working",
                "will * living",
                "going to work",
                "going to move",
                "going to live",
                "start at",
                "coming up",
                # "Where am I going in June?", "Where are we heading next month?": a trip.
                "where * going",
                "where * heading",
                "where * flying",
                "where * traveling",
                "where * travelling",
            ),
            timing="occasion",
        ),
        # What someone has to do ("Remind me to call Mom on Sunday"), dated by when it is
        # due; it holds until done or dropped (policies/ended_goals.py), not for long.
        _multi(
            "todo",
            90.0,
            "todo todos to-do to-dos task tasks remind reminder reminders errand errands chore "
            "chores groceries",
            (
                "need to do",
                "have to do",
                "supposed to do",
                "got to do",
                "need to get done",
                # what is to be bought ("We're out of milk": ``buy milk``)
                "need to buy",
                "have to buy",
                "need to get",
                "need to pick up",
                "have to pick up",
                "to buy",
                "shopping list",
                "grocery list",
            ),
            timing="occasion",
        ),
        # Standing instructions to the assistant ("Always answer in French") hold until
        # taken back, not until they fade.
        _multi("instruction", 3650.0, "instruction instructions format formatting style"),
        # "Which language do you answer in?"; "What languages does Jon speak?" is `speaks`.
        _single("answer_language", 3650.0, "answer answers reply replies respond"),
    ),
    default_half_life_days=365.0,
)
