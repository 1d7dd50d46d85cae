"""Rules for what people enjoy and do: hobbies and activities, after the likes and dislikes
(``rules_likes.py``) and the pets (``rules_pets.py``), in that order in the table.

Part of the rule table (``policies/rules.py`` assembles it); see ``patterns.Rule`` for what
each option means.
"""

from __future__ import annotations

from nousmem.policies.letters import UPPER
from nousmem.policies.pastime_names import PASTIME, PASTIME_CLASS
from nousmem.policies.patterns import (
    GIVEN_UP_END,
    NOT_A_VALUE,
    NOT_WORD,
    POSS,
    SPECIES_WORDS,
    SPORTS,
    SPORTS_WORDS,
    VAL,
    Rule,
    make_rule,
)
from nousmem.policies.place_names import PLACE_NAME
from nousmem.policies.rules_calendar import CALENDAR_RULES
from nousmem.policies.rules_likes import LIKES_RULES
from nousmem.policies.rules_outdoors import OUTDOOR_RULES
from nousmem.policies.rules_pastimes import PASTIME_CHANGE_RULES, PASTIME_RULES
from nousmem.policies.rules_pets import PET_RULES
from nousmem.policies.rules_projects import NAMED_PROJECT
from nousmem.policies.rules_pursuits import PURSUIT_RULES

__all__ = ["LEISURE_RULES"]

# Pastimes one does with others, as gerunds ("hiking with my church friends"). Not
# "running": "had errors running with Python 3.12".
_OUTDOOR_GERUNDS = (
    "hiking camping biking cycling fishing swimming kayaking canoeing surfing skiing "
    "snowboarding climbing sailing skating rollerblading jogging birdwatching "
    "picnicking gardening dancing shopping bowling golfing"
)
_PASTIME = r"(?i:" + "|".join(_OUTDOOR_GERUNDS.split()) + r")"
# What one had or spent before the pastime: a good time or a stretch of time, and when
# ("had a great experience last weekend | hiking", "spent Sunday | fishing", "had fun |
# swimming"); not trouble, a dream or a photo of someone ("had a photo of my dad fishing").
_TIME_SPENT = (
    r"(?:(?i:a|an|the|some|all|most|our|my|this|that|last)\s+)?"
    r"(?:(?!(?i:hard|tough|difficult|rough|no)\b)[\w'-]+\s+){0,2}?"
    r"(?i:time|times|blast|ball|fun|day|days|weekend|weekends|afternoon|afternoons|morning"
    r"|mornings|evening|evenings|night|hours|week|weeks|experience|while|summer|holiday"
    r"|vacation|monday|tuesday|wednesday|thursday|friday|saturday|sunday)\s+"
    r"(?:(?i:last|this|past|yesterday|today|on|over|the|weekend|week|morning|afternoon"
    r"|evening|together)\s+){0,3}"
)

# A work that is about something ("a book about Roman history", "a documentary on whales").
_ABOUT_WORK = (
    r"(?i:book|books|novel|documentary|documentaries|article|series|show|memoir|biography"
    r"|podcast|essay|paper|blog\s+post|thesis)"
)
# ... and what it is about, not a pronoun ("a book about *it*").
_ABOUT = (
    r"\s+(?i:about|on)\s+(?!(?i:it|that|this|them|him|her|me|us|something|anything"
    r"|nothing|everything)\b)"
)
# -ing words that name no activity ("went *shopping*", not "went *during*").
_NOT_GERUND = (
    r"(?!(?:thing|nothing|something|anything|everything|king|ring|spring|during|morning"
    r"|evening|bring|sing|string|wing|going|being|doing|ceiling|building|feeling|missing)\b)"
)
# Whom one takes on an outing: "took *the kids* to the zoo", "my *daughter*", "the *dog*".
_COMPANY = (
    r"kids?|children|child|son|sons|daughters?|boys|girls|twins|baby|grandkids|grandchildren"
    r"|family|fam|nephews?|nieces?|students|class|team|dogs?|puppy|pups?|mom|mother|dad"
    r"|father|parents|folks|wife|husband|partner|girlfriend|boyfriend|friends?|sisters?"
    r"|brothers?|grandma|grandpa|grandparents|in-laws|cousins?"
)
# Where one takes them on an errand, not an outing: "to the doctor's office", "to the ER".
_ERRANDS = (
    r"doctor|doctor's|doctors|dentist|vet|veterinarian|hospital|clinic|pharmacy|chemist's"
    r"|chemists|chemist|er|e\.r\.?"
    r"|a&e|icu|emergency|urgent|\w+(?:ologist|iatrist|ician|opath|practor|dontist|ometrist)|lab"
    r"|labs|dialysis|physio"
    r"|nursing|groomers?|dmv|mechanic|garage|airport|station|stop|bus|train|school|preschool"
    r"|daycare|day\s+care|babysitter's|babysitter|sitter|nanny|kennel|store|shop|barbershop"
    r"|office|appointment|bathroom|toilet|bank|dump|cleaners|laundromat|car\s+wash"
    r"|post\s+office|therapist|hairdresser|barber|salon|cancer|specialist|tutor|rehab"
    r"|court|courthouse|morgue|police|precinct|jail|prison|infusion|interview|meeting"
)

# "I'm (really / more) into ...": what one is into, a pastime or a taste.
_INTO = (
    r"(?i:'m|\bam|'s|\bis|\bare|\bbeen|\bgot|\bgotten|\bgetting|\bget)\s+"
    + NOT_WORD
    + r"(?:(?i:really|totally|super|so|very|now|also|quite|pretty|big|heavily|seriously|deeply"
    r"|more|still)\s+){0,2}(?i:into)\s+(?!(?i:a|an|trouble|it|that|this|them)\b)"
)

LEISURE_RULES: tuple[Rule, ...] = (
    *LIKES_RULES,  # rules_likes.py
    *PET_RULES,
    # ---- hobbies ---------------------------------------------------------------------
    *PASTIME_RULES,  # "I run every morning"
    *PASTIME_CHANGE_RULES,  # "I dropped pilates", "I switched from tennis to squash"
    *PURSUIT_RULES,  # "I collect stamps", "I teach yoga"
    make_rule(
        "hobby",
        "play plays playing played",
        # Not "a play date", "a play area": the noun "play" before another.
        r"(?<!\b(?i:a)\s)(?<!\b(?i:an)\s)(?<!\b(?i:the)\s)"
        r"\b(?i:play|plays|playing|played)\s+(?!(?i:with|it|around|along|out|down|up|a\s+"
        r"(?:big\s+|huge\s+|key\s+|major\s+|small\s+)?(?:role|part))\b)" + VAL,
        elide="past",
    ),
    make_rule(
        "hobby",
        "took taken take taking learning practice practise practices practises practicing "
        "practising",
        r"\b(?i:took\s+up|taken\s+up|take\s+up|taking\s+up|started\s+learning"
        r"|learning\s+(?:how\s+)?to\s+play|learning|practi[sc]e|practi[sc]es"
        r"|practi[sc]ing)\s+" + NOT_A_VALUE + VAL,
        elide="past",
    ),
    make_rule(
        "hobby",
        "into",
        _INTO + r"(?![^.,;!?]{0,30}?\b(?i:food|foods|cuisine|dishes)\b)" + VAL,
    ),
    # "I'm more into Korean food now": a taste, not a pastime.
    make_rule(
        "likes",
        "into",
        _INTO + r"(?=[^.,;!?]{0,30}?\b(?i:food|foods|cuisine|dishes)\b)" + VAL,
    ),
    make_rule(
        "hobby",
        "hobby hobbies passion",
        POSS + r"\s+(?i:hobby|hobbies|passion)\s+(?i:is|are|has\s+been|includes?)\s+" + VAL,
        subject="poss",
    ),
    make_rule(
        "hobby",
        SPORTS_WORDS,
        r"\b(?i:do|does|doing|did|done|practice|practise|practicing|practising)\s+"
        r"(?:(?i:some|a\s+bit\s+of|a\s+lot\s+of|more|lots\s+of)\s+)?" + SPORTS + r"\b",
        value="raw",
        elide="past",
        items=SPORTS + r"\b",  # "doing yoga and pilates"
    ),
    make_rule(
        "hobby",
        "quit quitting gave give giving stopped",
        r"\b(?i:quit|quitting|gave\s+up|give\s+up|giving\s+up|stopped)\s+(?![" + UPPER + "])"
        r"(?!(?i:my\s+job|the\s+job|my\s+work|work|it|that|this|being|to|by|playing|going"
        r"|working|living|using|doing|liking|loving|taking"
        # A pastime's class is the pastime's (PASTIME_CHANGE_RULES): "quit my yoga class".
        rf"|(?:my|our|the)\s+{PASTIME}\s+{PASTIME_CLASS}"
        # A food or a drink given up is a diet (rules_personal.py), not a pastime.
        r"|eating|gluten|dairy|meat|red\s+meat|pork|beef|seafood|shellfish|fish|eggs|sugar"
        r"|alcohol|booze|coffee|caffeine|soda|carbs|chocolate|junk\s+food|fast\s+food"
        r"|drinking\s+(?:coffee|caffeine|soda)"
        # ("drinking" alone is alcohol; "drinking tea" a pastime)
        r"|drinking(?:\s+alcohol)?" + GIVEN_UP_END + r")\b)" + VAL,
        negate=True,
        change=True,
        elide="past",
    ),
    # ---- activities ------------------------------------------------------------------
    make_rule(
        "activity",
        "went gone headed",
        r"\b(?i:went|gone|headed)\s+(?i:to)\s+(?!(?i:bed|sleep|work|see|visit|get|check"
        r"|pick|grab|hang|meet|watch|buy|do|make|help|be|war|waste|hell|bat|overtime|eat"
        r"|sit|apologi[sz]e|pay|celebrate|talk|ask|say|tell|try|find|stay|wait|look|give"
        r"|drop|fix|clean|use|rest|relax|vote|sign|renew|return"
        r"|(?:\w+\s+)?(?:lengths|pains)|a\s+dark\s+place|the\s+trouble|penalties|extra"
        r"|a\s+shootout|market|press|print|remote|trial|plan\s+b|a\s+(?:\w+-)?\w+\s+week"
        r"|the\s+wrong"
        r"|the\s+(?:bathroom|toilet|store|moon|car|house|kitchen|bedroom|door|exit))\b)"
        # A listed place is a visit (rules_places.py), not a pastime.
        r"(?!" + PLACE_NAME + ")" + VAL,
        elide="past",
    ),
    make_rule(
        "activity",
        "go goes going heading",
        # "I'm heading to the beach tomorrow": where one is going, said by the way there.
        r"\b(?i:go|goes|going"
        r"|(?:(?<='m\s)|(?<='s\s)|(?<='re\s)|(?<=\bam\s)|(?<=\bis\s)|(?<=\bare\s))heading)"
        r"\s+(?i:to)\s+"
        r"(?=(?i:a|an|the|some|this|my)\s|[" + UPPER + "])"
        r"(?!(?i:the\s+(?:bathroom|toilet|store)\b))"
        # A listed place is a trip (rules_travel.py), not a pastime.
        r"(?!" + PLACE_NAME + ")" + VAL,
    ),
    make_rule(
        "activity",
        "attended attend attends attending signed sign signing registered participated "
        "participate part competed went back returned organized organised hosted",
        r"\b(?i:attended|attend|attends|attending|signed\s+up\s+for|sign\s+up\s+for"
        r"|signing\s+up\s+for|registered\s+for|participated\s+in|participate\s+in"
        r"|took\s+part\s+in|competed\s+in|went\s+on|got\s+back\s+from|came\s+back\s+from"
        r"|returned\s+from|back\s+from|organized|organised|hosted)\s+"
        + NOT_A_VALUE
        # A listed place is a visit (rules_places.py), not a pastime.
        + r"(?!"
        + PLACE_NAME
        + ")"
        + VAL,
        elide="past",
        # "back from a week in Cornwall": a stretch of time is no pastime.
        reject="day days night nights week weeks weekend weekends month months year years",
    ),
    # "I'm training for a marathon", "Ana is training for the Boston Marathon": the race,
    # as "I signed up for a half marathon" gives it.
    make_rule(
        "activity",
        "training train trains trained",
        r"\b(?i:training|train|trains|trained)\s+(?i:for)\s+(?:(?i:a|an|the|my|our|her|his)\s+)?"
        r"(?:(?i:first|next|big|local)\s+)?"
        r"(?P<val>(?:[\w'-]+\s+){0,3}?(?i:marathon|half[\s-]marathon|triathlon|ironman"
        r"|ultramarathon|ultra|5k|10k|duathlon|race|relay|century\s+ride))\b"
        r"(?=\s*(?:[.,;!?)]|$)|\s+(?i:in|on|next|this|and|but|at|with|so|because|since|anymore)\b)",
        value="raw",
    ),
    make_rule(
        "activity",
        "volunteered volunteer volunteering volunteers",
        r"\b(?i:volunteered|volunteer|volunteering|volunteers)\s+(?i:at|with|for)\s+" + VAL,
        template="volunteering at {}",
        elide="past",
    ),
    make_rule(
        "activity",
        "go goes going went gone",
        r"\b(?i:go|goes|going|went|gone)\s+" + _NOT_GERUND + r"(?P<val>[a-z]+ing)\b",
        value="raw",
        elide="past",
        items=_NOT_GERUND + r"(?P<val>[a-z]+ing)\b",  # "went hiking and camping"
    ),
    make_rule(
        "activity",
        _OUTDOOR_GERUNDS,
        # "I had a great time last weekend hiking with my church friends", "spent Sunday
        # fishing with Dad": a closed list, as "had a hard time dealing with" is no pastime.
        # Not "I'll have spent a week sailing with my uncle by then": still to come.
        r"(?<!'ll\shave\s)(?<!(?i:will)\shave\s)\b(?i:had|spent)\s+"
        + _TIME_SPENT
        + r"(?P<val>"
        + _PASTIME
        + r")(?=(?:(?:\s*,\s*(?:(?i:and|or)\s+)?|\s+(?i:and|or)\s+)"
        + _PASTIME
        + r")*\s+(?i:with|together)\b)",
        value="raw",
        elide="past",
        denial_drops=True,
        # "had a great time hiking and camping with my friends": both.
        items=r"(?P<val>" + _PASTIME + r")\b",
    ),
    make_rule(
        "activity",
        "race marathon half 5k 10k triathlon run relay ultra",
        r"\b(?i:ran|run|running|runs|completed|finished|did|trained\s+for)\s+(?:(?i:in)\s+)?"
        r"(?P<val>(?i:a|an|the|my)\s+[\w' -]{0,30}?\b(?i:race|marathon|half[- ]marathon|5k"
        r"|10k|triathlon|fun\s+run|charity\s+run|relay|ultra))\b",
        elide="past",
    ),
    make_rule(
        "activity",
        "class classes course courses lesson lessons workshop workshops",
        r"\b(?i:took|take|taking|takes|signed\s+up\s+for|enrolled\s+in)\s+"
        # "taking piano lessons": plural ones need no article.
        r"(?:(?i:a|an|some|my|the)\s+|(?!(?i:any|no|more|many|these|those|other|extra|such)\b)"
        r"(?=(?:[\w'-]+\s+){1,3}?(?i:classes|courses|lessons"
        r"|workshops)\b))"
        r"(?P<val>(?:[\w'-]+\s+){0,3}?(?i:class|classes|course|courses|lesson|lessons"
        r"|workshop|workshops))\b",
        elide="past",
    ),
    make_rule(
        "activity",
        "working helping helped help organizing organising putting hosting accepted",
        r"\b(?i:working\s+on|helping\s+out\s+(?:at|with)|helped\s+out\s+(?:at|with)"
        r"|help\s+out\s+(?:at|with)|organi[sz]ing|putting\s+together|hosting"
        r"|got\s+accepted\s+(?:for|into|to)|accepted\s+(?:for|into|to))\s+"
        r"(?=(?i:a|an|the|my|some|this)\s|["
        + UPPER
        + r"])(?!(?i:this|that)\b)"
        + rf"(?!{NAMED_PROJECT})"  # a project by name is the `project` rules'
        + VAL,
        elide="past",
    ),
    make_rule(
        "activity",
        "test exam exams tests",
        r"\b(?i:took|take|taking|passed|pass|failed|fail|aced|sat|sitting|studying\s+for"
        r"|preparing\s+for)\s+(?i:a|an|the|my)\s+(?P<val>(?:[\w'-]+\s+){0,3}?(?i:test|exam"
        r"|exams|tests))\b",
        elide="past",
    ),
    make_rule(
        "activity",
        "painted made baked wrote built drew knitted cooked crafted sewed composed recorded "
        "watched bought",
        r"\b(?P<verb>(?i:painted|made|baked|wrote|built|drew|knitted|cooked|crafted|sewed"
        r"|composed|recorded|watched|bought))\s+"
        r"(?!(?i:me|us|sure|it|up|out|of|from|by|for|with|into|a\s+(?:\w+\s+)?difference)\b)"
        # A booking made is the calendar rules' (rules_calendar.py): "made a reservation".
        r"(?!(?:(?i:a|an|the|my|our)\s+)?(?:\w+\s+)?(?i:appointment|reservations?|booking|plans)\b)"
        # A team made is joined (the team rules': "Leo made the basketball team").
        r"(?!(?i:the)\s+(?:[\w&/-]+\s+){0,3}?(?i:team|squad)\b)" + VAL,
        template="{verb} {}",
        elide="past",
    ),
    # "I'm reading a book about Roman history": what it is about is the activity's content
    # (the rule after it would keep "reading book").
    make_rule(
        "activity",
        "reading watching writing",
        r"\b(?P<verb>(?i:reading|watching|writing))\s+(?P<val>(?i:a|an|some)\s+"
        r"(?:[\w-]+\s+){0,2}?" + _ABOUT_WORK + _ABOUT + r"[^.,;:!?()\n]{1,60}?)"
        r"(?=\s*(?:[.,;:!?)]|$)|\s+(?i:and|but|right\s+now|lately|at\s+the\s+moment|these"
        r"\s+days|tonight|today|that|which|for|because|so)\b)",
        value="raw",
        template="{verb} {}",
    ),
    make_rule(
        "activity",
        "reading watching writing painting baking building knitting cooking",
        r"\b(?P<verb>(?i:reading|watching|writing|painting|baking|building|knitting|cooking))"
        r"\s+(?=(?i:a|an|the|some|my)\s|[" + UPPER + "])(?!" + NAMED_PROJECT + ")"
        r"(?!(?i:a|an|some)\s+(?:[\w-]+\s+){0,2}?" + _ABOUT_WORK + _ABOUT + r")" + VAL,
        template="{verb} {}",
    ),
    make_rule(
        "activity",
        "took take taking takes brought bring bringing",
        # "I took the kids to the museum": an outing with people or a pet, not an errand.
        r"\b(?i:took|take|taking|takes|brought|bring|bringing)\s+(?i:the|my|our|his|her)"
        r"\s+(?:[\w'-]+\s+)?(?i:" + _COMPANY + r")\s+(?i:to)\s+(?=(?i:the|a|an|see)\s)"
        r"(?!(?i:see\s+)?(?i:the|a|an|my|our|her|his)\s+(?:[\w'-]+\s+){0,3}?(?i:"
        + _ERRANDS
        + r")(?![\w&]))"
        + VAL,
        elide="past",
    ),
    make_rule(
        "activity",
        "had have having threw throw throwing hosted",
        r"\b(?i:had|have|having|threw|throw|throwing|hosted)\s+(?i:a|an|our|my|the)\s+"
        r"(?!(?:[\w'-]+\s+)?(?i:pity)\b)(?P<val>(?:[\w'-]+\s+){0,2}?(?i:picnic|party|barbecue|bbq|cookout|potluck"
        r"|sleepover|bonfire|game\s+night|movie\s+night))\b"
        # Not "a party trick": a noun after it makes the word a modifier.
        # Not "a party to go to / to plan": an errand ahead, not a party held.
        r"(?!\s+(?i:to)\b)"
        r"(?!\s+(?!(?:for|with|at|on|in|last|this|yesterday|today|tonight|and|or|but|so"
        r"|that|which|when|over|after|before|since|next|the|a|my|our|we|i)\b)[a-z]"
        r"|\s+(?i:in\s+my\s+(?:mouth|head)))",
        elide="past",
    ),
    *CALENDAR_RULES,
    *OUTDOOR_RULES,
    make_rule(
        "activity",
        "got",
        # Got, not "get": "I have to get a new passport" has not got one yet.
        # The value keeps its "new": a listed item says it again ("a new couch and a new rug").
        r"\b(?i:got)\s+(?i:a|an|some|myself\s+(?:a|an|some))\s+(?=(?i:new)\s+"
        # Not a thing acquired: "a new lease on life", "a new manager", "some new snow".
        r"(?!(?i:lease|perspective|appreciation|outlook|sense|respect|understanding|idea"
        r"|ideas|attitude|look\s+on|hope|energy|motivation|manager|boss|neighbou?rs?"
        r"|coworkers?|colleagues?|teachers?|roommates?|snow|rain|e-?mails?|messages?|texts?"
        r"|notifications?|followers?|records?|diagnosis|bill|bills|ones?|jobs?|positions?"
        r"|roles?|gig|clients?|customers?|doctor|dentist|therapist|landlord|ceo|pastor|coach"
        r"|tutor|partner|boyfriend|girlfriend|cavity|rash|ticket|parking|opportunit(?:y|ies)"
        r"|problems?|issues?|challenges?|reason|task|assignment|project|client|bestie|intern"
        r"|interns|hire|system|policy|server|software|update|version|rule|rules|schedule)\b))"
        # Not a pet ("got a new puppy (named Rex)"): the pet rules read those.
        r"(?!(?i:new)\s+(?i:guinea\s+pigs?|" + "|".join(SPECIES_WORDS.split()) + r")"
        r"(?:\s+(?i:named|called|and|from|for|last|yesterday|today|this|recently)\b|\s*(?:[.,!;:]|$)))"
        + VAL,
        template="got {}",
        elide="past",
    ),
    make_rule(
        "activity",
        "joined join joins joining",
        r"\b(?i:joined|join|joins|joining)\s+(?=(?i:a|an|the|my|some)\s+[a-z])"
        # "joined the data team": a team (rules_work.py), not an outing
        r"(?!(?i:the)\s+(?:[\w&/-]+\s+){1,3}?(?i:team|squad|department)\b)" + VAL,
        elide="past",
    ),
)
