"""Goal rules: what someone wants, plans or has coming ("I want to move to Berlin", "I'm
thinking of learning the guitar", "We're expecting a baby in March", "We're getting married
in June", "I'm retiring next year", "My goal is to run a marathon").

A state said to come ("I start at Google in June") becomes a goal too, through the state's
own rule and ``policies/plans.py``; these rules read what has no state rule of its own.
"""

from __future__ import annotations

from nousmem.policies.patterns import NAME, POSS, VAL, Rule, make_rule

__all__ = ["GOAL_RULES"]

# What a change to come opens with: a be in the progressive or a future auxiliary ("'m",
# "will", "going to"), a denial kept for the clause to read ("I'm not getting married").
_TO_COME = (
    r"(?:(?:'m|\bam|'re|\bare|'s|\bis)|\b(?i:will|going\s+to|gonna)|'ll)\s+"
    r"(?:(?P<neg>(?i:not|never))\s+)?(?:(?i:finally|officially|also|actually|soon|probably)\s+)?"
)
# ... and what may follow it: the sentence's end, or a time, a place or another clause.
_THEN = (
    r"(?=\s*(?:[.,;:!)]|$)|\s+(?i:in|on|this|next|at|soon|early|from|after|when|once|by"
    r"|before|later|and|to|so|as|too|again|someday|one|within|around)\b)"
)

# What is wanted for a moment, not a goal: "I want a coffee", "I just want a break".
_MOMENT_WANTS = (
    "word words break breather hug coffee tea drink beer wine snack bite cup glass sandwich "
    "ride lift look copy minute moment second chance favor favour reminder summary list "
    "answer hand nap rest day refill receipt quote hint clue"
)

GOAL_RULES: tuple[Rule, ...] = (
    # ---- goals -----------------------------------------------------------------------
    make_rule(
        "goal",
        "want wants planning plan plans hope hoping hopes aim aiming aims intend intends "
        "intending decided determined trying towards toward wanna dreaming dream d would",
        r"(?:\b(?i:want|wants|planning|plan|plans|hope|hoping|hopes|aim|aiming|aims|intend"
        r"|intends|intending|decided|determined|trying|working\s+towards?)\s+(?i:to)"
        r"|\b(?i:wanna|planning\s+on|dreaming\s+of|dream\s+of)"
        # "I'm planning a trip to Japan", "We plan a road trip to Utah": the trip.
        r"|\b(?i:planning|plan|plans)(?=\s+(?i:a|an|our|my)\s+(?:\w+\s+)?(?i:trip|vacation"
        r"|holiday|honeymoon|getaway|visit)\s+(?i:to)\s)"
        r"|(?i:'d|\bwould)\s+(?:(?i:really)\s+)?(?i:like|love)\s+(?i:to))\s+"
        r"(?!(?i:see|hear|know|say|talk|chat|catch|check|tell|thank|share|ask|let|keep"
        r"|be\s+there|go\s+now"
        # An event given up is no goal (policies/ended_activities.py): "I decided to skip Berlin".
        r"|skip|pull\s+out|back\s+out|bail|sit\s+out|withdraw"
        # Offers to the listener ("I'd love to help in any way I can") are not goals.
        r"|help\s+(?:in\s+any|out\s+(?:if|when|with\s+(?:that|this))|however|any\s?way))\b)" + VAL,
        value="vp",
        elide="past_ing",
    ),
    # "Leo wants a new bike", "I really want a dog", "Mia wants an iPad for her birthday":
    # a thing wanted is the goal to get it, as "I'm hoping to get a new phone" is (not a
    # moment's want: "I want a coffee", "I just want a break").
    make_rule(
        "goal",
        "want wants",
        r"\b(?i:want|wants)\s+(?i:a|an|another)\s+(?P<val>[^.!?;,]{2,60}?)"
        # A time to have ("a quiet weekend", "a day off") is no thing to get.
        r"(?<!weekend)(?<!night)(?<!day)(?<!week)(?<!evening)(?<!morning)(?<!off)(?<!family)"
        r"(?=\s*(?:[.!;:)]|,\s+(?i:but|so|and|because)\b|$)|\s+(?i:for|in|this|next|by|before"
        r"|someday|one\s+day|so|because|too|but|and|when|once|from)\b)",
        template="get {}",
        reject=_MOMENT_WANTS,
    ),
    # "I want to have kids someday", "We're hoping to have a baby next year", "I'd love to
    # have children": the plan "have a baby", as a baby expected is, so that a birth ends
    # it ("have" is no goal's verb in the rule above: "I want to have lunch"). "I don't
    # want kids" denies it.
    make_rule(
        "goal",
        "kids children child baby",
        r"(?:\b(?i:want|wants|planning|plan|plans|hope|hoping|hopes|trying|decided)\s+(?i:to)"
        r"|(?i:'d|\bwould)\s+(?:(?i:really)\s+)?(?i:like|love)\s+(?i:to))\s+(?i:have)\s+"
        r"(?:(?i:a|another|more|our\s+first|a\s+second)\s+)?"
        r"(?P<val>(?i:kids|children|child|baby))" + _THEN,
        value="status",
        template="have a baby",
    ),
    make_rule(
        "goal",
        "kids children",
        r"\b(?i:don't|do\s+not|doesn't|does\s+not|never)\s+(?i:want|wanted)\s+(?:(?i:any)\s+)?"
        r"(?P<val>(?i:kids|children))" + _THEN,
        value="status",
        template="have a baby",
        negate=True,
    ),
    # "I'm thinking of learning the guitar", "We're considering moving to Berlin": a goal
    # only weighed, so a weaker one.
    make_rule(
        "goal",
        "thinking considering",
        r"(?:'m|\bam|'re|\bare|'s|\bis|'ve\s+been|\bbeen)\s+(?:(?i:really|seriously|also"
        r"|still|actually)\s+)?(?:(?i:thinking)\s+(?i:of|about)|(?i:considering))\s+"
        r"(?=[a-z]+ing\b)(?!(?i:doing|going|getting|being|having|making)\s+(?:it|that|this"
        r"|something|anything|nothing)\b)" + VAL,
        value="vp",
        weight=0.7,
    ),
    # "We're expecting a baby in March", "I'm expecting our first child", "We're having a
    # baby in May": a baby to come, the plan "have a baby" (dated as said; not "I'm
    # expecting a call", "a package", nor "We're having a baby shower").
    make_rule(
        "goal",
        "expecting having",
        r"(?:'m|\bam|'re|\bare|'s|\bis)\s+(?:(?i:now|finally|officially)\s+)?"
        r"(?i:expecting|having)\s+"
        r"(?P<val>(?i:a\s+(?:baby(?:\s+(?:boy|girl))?|boy|girl|child)|twins|triplets"
        r"|(?:our|my|their|her)\s+"
        r"(?:first|second|third|fourth|next)\s+(?:baby|child|kid)))"
        r"(?=\s*(?:[.,;!)]|$)|\s+(?i:in|on|this|next|any|and|soon|later|early|late|around"
        r"|due)\b)",
        value="status",
        template="have a baby",
    ),
    # "I'm pregnant with our second child", "My wife is pregnant": a baby to come too.
    make_rule(
        "goal",
        "pregnant",
        r"(?:'m|\bam|'re|\bare|'s|\bis)\s+(?:(?i:now|finally|officially|currently)\s+)?"
        # "I'm 20 weeks pregnant", "She's five months pregnant".
        r"(?:(?:\d{1,2}|[a-z]+)\s+(?i:weeks?|months?)\s+(?:(?i:along)\s+)?)?"
        r"(?P<val>(?i:pregnant))(?=\s*(?:[.,;!)]|$)|\s+(?i:with|again|and|in|since|now)\b)",
        value="status",
        template="have a baby",
    ),
    # "We're getting married in June", "I'm going to get engaged": a change of status to
    # come, the plan in a goal's words (the status rule reads no "getting": rules_relations).
    make_rule(
        "goal",
        "getting get",
        _TO_COME + r"(?i:getting|get)\s+(?P<val>(?i:married|engaged|divorced))" + _THEN,
        value="status",
        template="get {}",
        settled=True,
        # The pair's own change: "Tom and I are getting married" is the speaker's plan (the
        # relationship rules read Tom), not one of each name joined (joint_subject.py).
        speaker_joint=True,
    ),
    # "I'm starting grad school in September", "I start law school in August", "I'll begin
    # my PhD next fall", "I'm starting a new job next month", "Mia starts swim lessons next
    # month", "Leo starts daycare on Monday": a start to come. The plain present only with
    # a time after it ("I start school at 8" is a day's hours).
    make_rule(
        "goal",
        "starting start starts begin begins beginning",
        r"(?:" + _TO_COME + r"(?i:starting|start|beginning|begin)|\b(?i:start|starts|begin|begins)"
        r"(?=\s+[^.!?;]{3,40}?\s+(?i:in|next|this|on|soon|tomorrow|after)\b))\s+"
        r"(?:(?i:my|her|his|their|our|a)\s+)?(?P<val>(?:(?i:grad|graduate|law|med|medical"
        r"|business|nursing|culinary|art|film|dental|vet|pharmacy|beauty|night|boarding"
        r"|high|middle|elementary)\s+)?(?i:school)|(?i:college|university|kindergarten"
        r"|preschool|pre-k|PhD|master's|masters|MBA|residency|apprenticeship|internship"
        # Lessons, a camp, daycare: "swim lessons", "summer camp" (not "the lessons").
        r"|(?:(?!(?i:the|a|an|some|these|those|my|her|his|our|their)\b)[\w'-]+\s+)?"
        r"(?i:lessons|classes|camp|daycare|day\s+care|therapy|tutoring)"
        # A new job where: the employer's plan ("work at Google", policies/plans.py).
        r"|new\s+(?:job|role|position)(?!\s+(?i:at|with)\b)))" + _THEN,
        value="status",
        template="start {}",
        settled=True,
    ),
    # "I'm going back to school in the fall", "I'll go back to college next year".
    make_rule(
        "goal",
        "going go",
        _TO_COME + r"(?i:going|go)\s+(?i:back)\s+(?i:to)\s+(?P<val>(?i:school|college|university"
        r"|grad\s+school))" + _THEN,
        value="status",
        template="go back to {}",
        settled=True,
    ),
    # "I'm retiring next year", "I'll retire in 2026" (not "I'm retiring my old laptop").
    make_rule(
        "goal",
        "retiring retire",
        _TO_COME + r"(?P<val>(?i:retiring|retire))" + _THEN,
        value="status",
        template="retire",
        settled=True,
    ),
    # "I'm leaving Acme next month", "I'm quitting my job at Acme in June": leaving a job,
    # dated ahead (a time must follow: "I'm leaving Acme" alone may be a door).
    make_rule(
        "goal",
        "leaving quitting leave quit",
        _TO_COME
        + r"(?i:leaving|quitting|leave|quit)\s+(?:(?i:my\s+job\s+at|my\s+job\s+with)\s+)?"
        + r"(?P<val>"
        + NAME
        + r")(?=\s+(?i:next|in|at\s+the\s+end|this|soon|after|on|by|before|once|when)\b)",
        value="name",
        template="leave {}",
        settled=True,
    ),
    # "My first day at Stripe is Monday": working there, the plan a start at a named place
    # is ("I start at Stripe on Monday", policies/plans.py), dated as said.
    make_rule(
        "goal",
        "first",
        POSS
        + r"\s+(?i:first\s+day)\s+(?i:at|with)\s+(?!(?i:the|my|a)\b)(?P<val>"
        + NAME
        + r")\s+(?i:is|will\s+be|'s)\b",
        value="name",
        template="work at {}",
        subject="poss",
        settled=True,
    ),
    # "My first day at the new job is Monday", "Lily's first day of kindergarten is
    # tomorrow": a start to come, as "I'm starting a new job" says it.
    make_rule(
        "goal",
        "first",
        POSS + r"\s+(?i:first\s+day)\s+(?i:at|of|in)\s+(?:(?i:the|my|her|his|our)\s+)?"
        r"(?P<val>(?i:new\s+(?:job|role|position)|school|college|university|grad\s+school"
        r"|kindergarten|preschool|daycare|high\s+school|middle\s+school|work))"
        r"\s+(?i:is|will\s+be|'s)\b",
        value="status",
        template="start {}",
        subject="poss",
        settled=True,
    ),
    # "My last day at Acme is Friday": leaving it, dated as said.
    make_rule(
        "goal",
        "last",
        POSS
        + r"\s+(?i:last\s+day)\s+(?i:at|with)\s+(?P<val>"
        + NAME
        + r")\s+(?i:is|will\s+be|'s)\b",
        value="name",
        template="leave {}",
        subject="poss",
        settled=True,
    ),
    make_rule(
        "goal",
        "goal dream plan ambition aim resolution",
        POSS + r"\s+(?i:goal|dream|plan|ambition|aim|resolution)\s+(?i:is|was)\s+"
        r"(?:(?i:to)\s+)?" + VAL,
        value="vp",
        subject="poss",
    ),
)
