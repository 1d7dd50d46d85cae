"""The rule table of the rule extractor: which phrasings produce which attribute.

Order matters only for ties: claims are emitted in text order, and for one position in rule
order. Each entry reads ``_rule(attribute, anchors, pattern, **options)``; see
``patterns.Rule`` for the options and the groups a pattern may define.
"""

from __future__ import annotations

import re
from typing import Any

from nousmem.policies.patterns import (
    CAP,
    FRIEND,
    FRIEND_ADJ,
    NAME,
    NAME_VAL,
    OCC,
    OCCUPATIONS,
    POSS,
    SPECIES,
    SPECIES_WORDS,
    SPORTS,
    SPORTS_WORDS,
    SPOUSE,
    SPOUSE_NEG,
    VAL,
    Rule,
    words,
)

__all__ = ["ANCHOR_INDEX", "ANCHOR_WORD", "RULES"]


def _rule(attribute: str, anchors: str, pattern: str, **options: Any) -> Rule:
    return Rule(attribute=attribute, regex=re.compile(pattern), anchors=words(anchors), **options)


# "I'm *not* into golf", "I'm *no longer* single": a negation inside the matched phrase.
_NOT = r"(?:(?P<neg>(?i:not|no\s+longer|never))\s+)?"
_NOT_A_VALUE = r"(?!(?i:it|that|this|them|these|those|and|with|about|to)\b)"

RULES: tuple[Rule, ...] = (
    # ---- employer -----------------------------------------------------------------
    _rule(
        "employer",
        "work works worked working",
        r"\b(?i:work(?:s|ed|ing)?\s+(?:full[- ]time\s+|part[- ]time\s+)?(?:at|for))\s+" + VAL,
        elide="past",
    ),
    _rule(
        "employer",
        "employed hired",
        r"\b(?i:employed\s+(?:at|by)|hired\s+(?:at|by))\s+" + VAL,
        elide="past",
    ),
    _rule(
        "employer",
        "job position role gig",
        r"\b(?i:(?:got|landed|accepted|started|took|start|starting|began)\s+(?:a\s+)?"
        r"(?:new\s+)?(?:job|position|role|gig)\s+(?:at|with))\s+" + VAL,
        change=True,
        elide="past",
    ),
    _rule(
        "employer",
        "job position",
        POSS + r"\s+(?:(?P<neg>(?i:old|former|previous|last))\s+|(?i:new|current|first)\s+)?"
        r"(?i:job|position)\s+(?i:at|with)\s+" + VAL,
        subject="poss",
    ),
    _rule(
        "employer",
        "joined join joins joining",
        r"\b(?i:joined|join|joins|joining)\s+" + CAP + VAL,
        elide="past",
    ),
    _rule(
        "employer",
        "started starting start",
        r"\b(?i:started|starting|start)\s+(?i:at)\s+" + CAP + VAL,
        change=True,
        elide="past",
    ),
    _rule(
        "employer",
        "quit quitting resigned left",
        r"\b(?i:quit|quitting|resigned\s+from|left\s+my\s+job\s+at)\s+" + CAP + VAL,
        negate=True,
        change=True,
        elide="past",
    ),
    # ---- location / origin -----------------------------------------------------------
    _rule(
        "location",
        "live lives living reside resides residing based settled",
        r"\b(?i:live|lives|living|reside|resides|residing|based|settled)\s+(?i:in)\s+" + VAL,
    ),
    _rule(
        "location",
        "moved moving relocated relocating move moves",
        r"\b(?i:moved|moving|relocated|relocating|move|moves)\s+(?:(?i:back|over)\s+)?"
        r"(?:(?i:from)\s+(?P<old>[^.,;:!?()\n]{1,40}?)\s+)?(?i:to)\s+"
        r"(?!(?i:tears|a\s+new\s+(?:job|role|team)|the\s+next)\b)" + VAL,
        change=True,
        elide="past",
    ),
    _rule(
        "origin",
        "from",
        r"(?i:'m|\bam|\bis|'s|\bcome|\bcomes|\bcame)\s+(?i:originally\s+)?(?i:from)\s+" + CAP + VAL,
    ),
    _rule(
        "origin",
        "grew born",
        r"\b(?i:grew\s+up|born\s+and\s+raised|born)\s+(?i:in)\s+" + CAP + VAL,
        elide="past",
    ),
    # ---- likes / dislikes ------------------------------------------------------------
    _rule(
        "likes",
        "like likes love loves enjoy enjoys adore adores prefer prefers loving enjoying",
        # "is like", "just like", "looks like": a comparison, not a preference.
        r"\b(?:(?<!\bis\s)(?<!\bwas\s)(?<!'s\s)(?<!'m\s)(?<!\bam\s)(?<!\bare\s)(?<!\bbe\s)"
        r"(?<!\bjust\s)(?<!\blooks\s)(?<!\bfeels\s)(?<!\bseems\s)(?<!\bsounds\s)(?i:like)"
        r"|(?i:likes|love|loves|enjoy|enjoys|adore|adores|prefer|prefers|loving|enjoying))\s+"
        r"(?:(?i:to)\s+)?" + VAL,
        alt_negated="dislikes",
    ),
    _rule(
        "likes",
        "fan passionate keen fond obsessed crazy interested",
        r"\b(?i:(?:a\s+)?(?:big\s+|huge\s+|massive\s+)?fan\s+of|passionate\s+about|keen\s+on"
        r"|fond\s+of|obsessed\s+with|crazy\s+about|interested\s+in|in\s+love\s+with)\s+" + VAL,
        alt_negated="dislikes",
    ),
    _rule(
        "likes",
        "favorite favourite",
        POSS + r"\s+(?i:favou?rite)\s+(?:[\w'-]+\s+){1,3}?(?i:is|are|has\s+to\s+be)\s+" + VAL,
        subject="poss",
    ),
    _rule(
        "dislikes",
        "hate hates dislike dislikes detest detests loathe loathes despise despises",
        r"\b(?i:hate|hates|dislike|dislikes|detest|detests|loathe|loathes|despise|despises)"
        r"\s+(?!(?i:to|it|that|when|how)\b)" + VAL,
    ),
    _rule(
        "dislikes",
        "stand bear",
        r"(?i:can't|cant|cannot|can\s+not|couldn't)\s+(?i:stand|bear)\s+" + VAL,
    ),
    # ---- pets ------------------------------------------------------------------------
    _rule(
        "pet",
        SPECIES_WORDS,
        POSS + r"\s+(?:(?i:new|old|little|sweet|cute|adorable|furry|rescue|lovely|beloved"
        r"|senior|baby|two|three|pet|fur)\s+){0,2}" + SPECIES + r"\b"
        r"(?:\s*,?\s+(?:(?i:named|called)\s+)?(?P<petname>[A-Z][a-z]+)\b(?!'))?",
        value="pet",
        subject="poss",
    ),
    _rule(
        "pet",
        SPECIES_WORDS,
        r"\b(?i:have|has|got|adopted|adopt|adopting|rescued|bought|own|owns|getting)\s+"
        r"(?:(?i:a|an|two|three|four|some|another)\s+)?(?:(?i:new|little|cute|rescue|baby|pet)"
        r"\s+)?" + SPECIES + r"\b(?:\s*,?\s+(?i:named|called)\s+(?P<petname>[A-Z][a-z]+))?",
        value="pet",
        elide="past",
    ),
    # ---- hobbies ---------------------------------------------------------------------
    _rule(
        "hobby",
        "play plays playing played",
        r"\b(?i:play|plays|playing|played)\s+(?!(?i:with|it|around|along|out|down|up|a\s+"
        r"(?:big\s+|huge\s+|key\s+|major\s+|small\s+)?(?:role|part))\b)" + VAL,
        elide="past",
    ),
    _rule(
        "hobby",
        "took taken take taking learning practice practise practices practises practicing "
        "practising",
        r"\b(?i:took\s+up|taken\s+up|take\s+up|taking\s+up|started\s+learning"
        r"|learning\s+(?:to\s+play|how\s+to)|learning|practi[sc]e|practi[sc]es"
        r"|practi[sc]ing)\s+" + _NOT_A_VALUE + VAL,
        elide="past",
    ),
    _rule(
        "hobby",
        "into",
        r"(?i:'m|\bam|'s|\bis|\bare|\bbeen|\bgot|\bgetting|\bget)\s+"
        + _NOT
        + r"(?:(?i:really|totally"
        r"|super|so|very|now|also|quite|pretty|big|heavily|seriously|deeply|more|still)\s+)"
        r"{0,2}(?i:into)\s+(?!(?i:a|an|trouble|it|that|this|them)\b)" + VAL,
    ),
    _rule(
        "hobby",
        "hobby hobbies passion",
        POSS + r"\s+(?i:hobby|hobbies|passion)\s+(?i:is|are|has\s+been|includes?)\s+" + VAL,
        subject="poss",
    ),
    _rule(
        "hobby",
        SPORTS_WORDS,
        r"\b(?i:do|does|doing|did|done|practice|practise|practicing|practising)\s+"
        r"(?:(?i:some|a\s+bit\s+of|a\s+lot\s+of|more|lots\s+of)\s+)?" + SPORTS + r"\b",
        value="raw",
        elide="past",
    ),
    _rule(
        "hobby",
        "quit quitting gave give giving stopped",
        r"\b(?i:quit|quitting|gave\s+up|give\s+up|giving\s+up|stopped)\s+(?![A-Z])"
        r"(?!(?i:my\s+job|the\s+job|my\s+work|work|it|that|this|being|to|by|playing|going"
        r"|working|living|using|doing|liking|loving)\b)" + VAL,
        negate=True,
        change=True,
        elide="past",
    ),
    # ---- activities ------------------------------------------------------------------
    _rule(
        "activity",
        "went gone headed",
        r"\b(?i:went|gone|headed)\s+(?i:to)\s+(?!(?i:bed|sleep|work|see|visit|get|check"
        r"|pick|grab|hang|meet|watch|buy|do|make|help|be|the\s+(?:bathroom|toilet|store))\b)" + VAL,
        elide="past",
    ),
    _rule(
        "activity",
        "go goes going",
        r"\b(?i:go|goes|going)\s+(?i:to)\s+(?=(?i:a|an|the|some|this|my)\s|[A-Z])"
        r"(?!(?i:the\s+(?:bathroom|toilet|store)\b))" + VAL,
    ),
    _rule(
        "activity",
        "attended attend attends attending signed sign signing registered participated "
        "participate part competed went back returned organized organised hosted",
        r"\b(?i:attended|attend|attends|attending|signed\s+up\s+for|sign\s+up\s+for"
        r"|signing\s+up\s+for|registered\s+for|participated\s+in|participate\s+in"
        r"|took\s+part\s+in|competed\s+in|went\s+on|got\s+back\s+from|came\s+back\s+from"
        r"|returned\s+from|back\s+from|organized|organised|hosted)\s+" + _NOT_A_VALUE + VAL,
        elide="past",
    ),
    _rule(
        "activity",
        "volunteered volunteer volunteering volunteers",
        r"\b(?i:volunteered|volunteer|volunteering|volunteers)\s+(?i:at|with|for)\s+" + VAL,
        template="volunteering at {}",
        elide="past",
    ),
    _rule(
        "activity",
        "go goes going went gone",
        r"\b(?i:go|goes|going|went|gone)\s+(?!(?:thing|nothing|something|anything|everything"
        r"|king|ring|spring|during|morning|evening|bring|sing|string|wing|going|being|doing"
        r"|ceiling|building|feeling)\b)(?P<val>[a-z]+ing)\b",
        value="raw",
        elide="past",
    ),
    _rule(
        "activity",
        "race marathon half 5k 10k triathlon run relay ultra",
        r"\b(?i:ran|run|running|runs|completed|finished|did|trained\s+for)\s+(?:(?i:in)\s+)?"
        r"(?P<val>(?i:a|an|the|my)\s+[\w' -]{0,30}?\b(?i:race|marathon|half[- ]marathon|5k"
        r"|10k|triathlon|fun\s+run|charity\s+run|relay|ultra))\b",
        elide="past",
    ),
    _rule(
        "activity",
        "class classes course courses lesson lessons workshop workshops",
        r"\b(?i:took|take|taking|takes|signed\s+up\s+for|enrolled\s+in)\s+(?i:a|an|some|my|the)"
        r"\s+(?P<val>(?:[\w'-]+\s+){0,3}?(?i:class|classes|course|courses|lesson|lessons"
        r"|workshop|workshops))\b",
        elide="past",
    ),
    _rule(
        "activity",
        "working helping helped help organizing organising putting hosting accepted",
        r"\b(?i:working\s+on|helping\s+out\s+(?:at|with)|helped\s+out\s+(?:at|with)"
        r"|help\s+out\s+(?:at|with)|organi[sz]ing|putting\s+together|hosting"
        r"|got\s+accepted\s+(?:for|into|to)|accepted\s+(?:for|into|to))\s+"
        r"(?=(?i:a|an|the|my|some|this)\s|[A-Z])(?!(?i:this|that)\b)" + VAL,
        elide="past",
    ),
    _rule(
        "activity",
        "test exam exams tests",
        r"\b(?i:took|take|taking|passed|pass|failed|fail|aced|sat|sitting|studying\s+for"
        r"|preparing\s+for)\s+(?i:a|an|the|my)\s+(?P<val>(?:[\w'-]+\s+){0,3}?(?i:test|exam"
        r"|exams|tests))\b",
        elide="past",
    ),
    _rule(
        "activity",
        "painted made baked wrote built drew knitted cooked crafted sewed composed recorded "
        "watched bought",
        r"\b(?P<verb>(?i:painted|made|baked|wrote|built|drew|knitted|cooked|crafted|sewed"
        r"|composed|recorded|watched|bought))\s+"
        r"(?!(?i:me|us|sure|it|up|out|of|from|by|for|with|into|a\s+(?:\w+\s+)?difference)\b)" + VAL,
        template="{verb} {}",
        elide="past",
    ),
    _rule(
        "activity",
        "reading watching writing painting baking building knitting cooking",
        r"\b(?P<verb>(?i:reading|watching|writing|painting|baking|building|knitting|cooking))"
        r"\s+(?=(?i:a|an|the|some|my)\s|[A-Z])" + VAL,
        template="{verb} {}",
    ),
    _rule(
        "activity",
        "joined join joins joining",
        r"\b(?i:joined|join|joins|joining)\s+(?=(?i:a|an|the|my|some)\s+[a-z])" + VAL,
        elide="past",
    ),
    # ---- role ------------------------------------------------------------------------
    _rule(
        "role",
        OCCUPATIONS,
        r"(?i:'m|\bam|'s|\bis|\bbecame|\bbecome|\bbecoming)\s+"
        + _NOT
        + r"(?:(?i:now|also|still|currently"
        r"|officially|finally)\s+)?(?i:an?)\s+(?P<val>(?:[\w-]+\s+){0,3}?(?i:" + OCC + r"))\b",
        elide="past",
    ),
    _rule(
        "role",
        "work works worked working employed job career living",
        r"\b(?i:works?|worked|working|employed|job|career|living)\s+(?i:as)\s+(?i:an?|the)\s+"
        + VAL,
        elide="past",
    ),
    # ---- uses ------------------------------------------------------------------------
    _rule(
        "uses",
        "use uses using used",
        r"\b(?i:use|uses|using|used(?!\s+to\b))\s+(?!(?i:to|it|them|this|that|these|those|some|up|any"
        r"|my\s+(?:time|voice|words|imagination))\b)" + VAL,
    ),
    _rule(
        "uses",
        "switched switching switch migrated migrating",
        r"\b(?i:switched|switching|switch|migrated|migrating)\s+(?:(?i:over)\s+)?"
        r"(?:(?i:from)\s+(?P<old>[^.,;:!?()\n]{1,40}?)\s+)?(?i:to)\s+" + VAL,
        change=True,
        elide="past",
    ),
    # ---- friend / spouse / relationship status -------------------------------------------
    _rule(
        "friend",
        "friend buddy pal bestie bff",
        POSS + r"\s+" + FRIEND_ADJ + FRIEND + r"\s*,?\s+" + NAME_VAL,
        value="name",
        subject="poss",
    ),
    _rule(
        "friend",
        "friend buddy pal bestie bff",
        NAME_VAL + r"\s+(?i:is|was|has\s+been)\s+" + POSS + r"\s+" + FRIEND_ADJ + FRIEND + r"\b",
        value="name",
        subject="poss",
    ),
    _rule(
        "friend",
        "friend friends",
        r"\b(?:(?i:a|an)\s+)?" + FRIEND_ADJ + r"(?i:friends?)\s+(?i:of|with)\s+"
        r"(?P<val>" + NAME + r"|(?i:me|mine)\b)",
        value="name",
    ),
    _rule(
        "spouse",
        "married",
        r"\b(?i:married\s+to)\s+(?P<val>" + NAME + r"|(?i:me)\b)",
        value="name",
    ),
    _rule(
        "spouse",
        "married marry marrying",
        r"\b(?i:married|marry|marrying)\s+" + NAME_VAL,
        value="name",
        elide="past",
    ),
    _rule(
        "spouse",
        "husband wife spouse hubby",
        POSS + r"\s+" + SPOUSE_NEG + SPOUSE + r"\s*,?\s+" + NAME_VAL,
        value="name",
        subject="poss",
    ),
    _rule(
        "spouse",
        "husband wife spouse hubby",
        NAME_VAL + r"\s+(?i:is|was)\s+" + POSS + r"\s+" + SPOUSE_NEG + SPOUSE + r"\b",
        value="name",
        subject="poss",
    ),
    _rule(
        "spouse",
        "divorced divorcing separated",
        r"\b(?i:divorced|divorcing|separated)\s+(?i:from)\s+" + NAME_VAL,
        value="name",
        negate=True,
        change=True,
        elide="past",
    ),
    _rule(
        "relationship_status",
        "single divorced engaged married separated widowed relationship",
        r"(?i:'m|\bam|'s|\bis|\bare|\bgot|\bgetting|\bbecame|\bbeen)\s+"
        + _NOT
        + r"(?:(?i:now|recently"
        r"|happily|finally|officially|newly|just|still|currently)\s+)?"
        r"(?P<val>(?i:single|divorced|engaged|married|separated|widowed|in\s+a\s+relationship))"
        r"(?=\s*(?:[.,;!?)]|$)|\s+(?i:and|but|now|again|since|for|to|last|this|in|on"
        r"|yesterday|recently|as|after|before|with|at|today|two|three|a|an)\b)",
        value="status",
        elide="past",
    ),
    # ---- goals -----------------------------------------------------------------------
    _rule(
        "goal",
        "want wants planning plan plans hope hoping hopes aim aiming aims intend intends "
        "intending decided determined trying towards toward wanna dreaming dream d would",
        r"(?:\b(?i:want|wants|planning|plan|plans|hope|hoping|hopes|aim|aiming|aims|intend"
        r"|intends|intending|decided|determined|trying|working\s+towards?)\s+(?i:to)"
        r"|\b(?i:wanna|planning\s+on|dreaming\s+of|dream\s+of)"
        r"|(?i:'d|\bwould)\s+(?:(?i:really)\s+)?(?i:like|love)\s+(?i:to))\s+"
        r"(?!(?i:see|hear|know|say|talk|chat|catch|check|tell|thank|share|ask|let|keep"
        r"|be\s+there|go\s+now)\b)" + VAL,
        value="vp",
        elide="past_ing",
    ),
    _rule(
        "goal",
        "goal dream plan ambition aim resolution",
        POSS + r"\s+(?i:goal|dream|plan|ambition|aim|resolution)\s+(?i:is|was)\s+"
        r"(?:(?i:to)\s+)?" + VAL,
        value="vp",
        subject="poss",
    ),
    # ---- visited ---------------------------------------------------------------------
    _rule(
        "visited",
        "visited toured explored",
        r"\b(?i:visited|toured|explored)\s+(?!(?i:it|that|this|them)\b)" + VAL,
        elide="past",
    ),
    _rule(
        "visited",
        "trip vacation holiday journey getaway",
        r"(?:" + POSS + r"\s+|\b(?i:took|went\s+on|had|on|from|back\s+from)\s+(?i:a|an|the|my)"
        r"\s+)(?:[\w'-]+\s+){0,2}?(?i:trip|vacation|holiday|journey|getaway)\s+(?i:to)\s+" + VAL,
        elide="past",
    ),
    _rule("visited", "been", r"\b(?i:been)\s+(?i:to)\s+" + CAP + VAL),
)

#: Lowercase word -> indices of the rules it wakes up, in rule order. Anchors are split the
#: way the extractor splits sentences (letters and digits), so "jiu-jitsu" indexes "jiu".
ANCHOR_WORD = re.compile(r"[a-z0-9]+")
ANCHOR_INDEX: dict[str, tuple[int, ...]] = {}
for _idx, _r in enumerate(RULES):
    for _word in sorted(set(ANCHOR_WORD.findall(" ".join(_r.anchors)))):
        ANCHOR_INDEX[_word] = (*ANCHOR_INDEX.get(_word, ()), _idx)
