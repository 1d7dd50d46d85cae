"""The rule table's places visited: "visited Rome", "explored the coast up in the Pacific
Northwest", "my trip to Japan", "been to Paris", "traveled to Japan", "took this pic in
Spain"; and trips still ahead, as goals: "I'm going to Paris next week", "My trip to Japan
is next month", "I'm flying to Tokyo", "I booked a flight to Tokyo" (``trip to Tokyo``).

A rule that reads a name after a place word ("the beaches *in Portugal*") or after where a
photo was taken takes a name only: not a month, a day, a holiday, a season, a time of day,
a language, a camera mode or an app ("explored the island in Animal Crossing", "took this
pic in Portrait mode"), nor someone's ("at Sarah's").
"""

from __future__ import annotations

from nousmem.policies.instruction_words import LANGUAGES
from nousmem.policies.letters import LETTER, LOWER, UPPER
from nousmem.policies.patterns import CAP, POSS, VAL, Rule, make_rule
from nousmem.policies.place_names import PLACE_NAME
from nousmem.policies.timeexpr_patterns import DAY_RE, HOLIDAY_RE, MONTH_RE

__all__ = ["NAMED_PLACE", "PLACE_RULES", "STAY_WHEN"]

# People one visits ("my grandma", "a friend", "my best friend's mom"): not places.
_KIN_WORDS = (
    "grandma|grandpa|grandmother|grandfather|grandparent|mom|mother|dad|father|parent|aunt"
    "|uncle|cousin|sister|brother|friend|bestie|neighbou?r|niece|nephew|son|daughter|boss"
    "|coworker|colleague|family|relative|kid|child|children|in-laws|folks|doctor|dentist"
    "|therapist|boyfriend|girlfriend|husband|wife|partner"
)

# Words that name a kind of place ("the coast", "the old town").
_PLACE_WORD = (
    r"(?i:city|cities|town|towns|coast|coastline|island|islands|beach"
    r"|beaches|forest|woods|park|parks|mountains?|trails?|area|neighbou?rhood|countryside"
    r"|ruins|caves?|streets|village|villages|lakes?|canyons?|desert|valley|castles?"
    r"|cathedrals?|museums?|old\s+town|downtown|harbou?r|waterfront|region|bay|hills|reef"
    r"|jungle|rainforest|national\s+park)\b"
)

# What one explores that is a place: a name ("explored Tokyo", "the Pacific Northwest") or a
# place word ("the old town", "the coast"); not "our options", "adoption", "new recipes".
_EXPLORED = (
    # A name, not a tool or a coin ("explored React / Python / ChatGPT / AI tools").
    r"(?=(?:[Tt]he\s+)?(?!(?:React|Vue|Angular|Python|Java|Rust|Swift|Kotlin|Excel|Notion"
    r"|Figma|Linux|Docker|Django|Flask|Ruby|Unity|Blender|Bitcoin|Ethereum)\b)"
    f"[{UPPER}][{LOWER}]+\\b"
    r"|(?i:the|a|an|some|this|that|our|my|its|their)\s+"
    r"(?:[\w'-]+\s+){0,2}?" + _PLACE_WORD + r"(?!['\u2019]s|\s+of\b))"
)

# Capitalised words that say when, in what or how, not where ("in Spring", "at Sunrise",
# "in French", "in Portrait mode", "in Minecraft"). A month or a day's short form counts
# only alone: "Sun Valley" and "Mar del Plata" are places.
_NOT_A_PLACE = (
    r"(?!(?i:(?:" + MONTH_RE + "|" + DAY_RE + r")(?!\s+(?-i:[" + UPPER + r"]))"
    r"|(?:" + HOLIDAY_RE + r")\b"
    r"|(?:spring|summer|fall|autumn|winter|sunrise|sunset|dawn|dusk|noon|midnight|morning"
    r"|afternoon|evening|night|breakfast|brunch|lunch|dinner|golden\s+hour"
    r"|portrait|landscape|panorama|night\s+mode|black\s+and\s+white|sepia|raw|hdr|iso"
    r"|vr|ar|covid|lightroom|photoshop|instagram|snapchat|tiktok|facebook|google"
    r"|minecraft|fortnite|roblox|zelda|animal\s+crossing|airplane|zoom"
    r"|" + "|".join(sorted(w.lower() for w in LANGUAGES)) + r")\b))"
)

# Where, as a name: capitalised words (after "the"), not someone's ("at Sarah's") and not
# what comes after the name ("at Target *of the shoes I want*").
_NAME = (
    r"[" + UPPER + r"][" + LOWER + r"][" + LETTER + r"'-]*"
    r"(?:\s+[" + UPPER + r"][" + LETTER + r"'-]+){0,3}"
)
_NOT_SOMEONES = r"(?![\w'\u2019-])(?<!['\u2019]s)"
NAMED_PLACE = r"(?:[Tt]he\s+)?" + _NOT_A_PLACE + r"(?P<val>" + _NAME + r")" + _NOT_SOMEONES
# The same, as a condition inside another rule (no ``val`` group).
_NAMED_PLACE_AHEAD = r"(?:[Tt]he\s+)?" + _NOT_A_PLACE + _NAME + _NOT_SOMEONES

# A place word before the name of where it is: "the coast up in | the Pacific Northwest".
_PLACE_IN = (
    r"(?i:the|a|an|some)\s+(?:[\w'-]+\s+){0,2}?"
    + _PLACE_WORD
    + r"\s+(?:(?i:up|down|out|over|along)\s+)?(?i:in|around|along)\s+"
)

# When a stay ahead is: a time right after the place ("I'll be in London next week / on
# Friday / in June / for two weeks / over Christmas / from the 3rd").
STAY_WHEN = (
    r"(?=\s+(?:(?i:next|this|on|from|until|till|over|tomorrow|for\s+(?:a|an|one|two|three"
    r"|four|five|six|\d+|the|work|business)|in\s+(?:\d+\s+\w+|the\s+(?:spring|summer|fall"
    r"|autumn|winter)))\b|(?i:in)\s+(?=[" + UPPER + r"])(?i:" + MONTH_RE + r")\b))"
)

# A sign, later in the clause, that a trip is still ahead: "My trip to Japan *is next
# month*", "my flight to Tokyo *is on Friday*", "... *is booked*", "... *starts tomorrow*"
# (not "will": "My trip to Japan will always be special" is one taken). Within the clause:
# past a comma or "and" / "but", unless it joins another place ("to Japan and Korea") or
# another subject of a plural verb ("My trip to Japan and my brother's wedding *are*").
_AHEAD = (
    r"(?:(?!,|\b[Bb]ut\b(?!\s+(?:to\s+)?["
    + UPPER
    + r"])|\b[Aa]nd\b(?!\s+(?:to\s+)?["
    + UPPER
    + r"]|[^.!?;,]*\b(?i:are)\s))[^.!?;])*?"
    r"\b(?:(?i:is|'s|are|starts|begins|leaves|departs)\s+"
    r"(?:(?i:now|finally|already|all)\s+)?(?:(?i:next|on|this|coming|tomorrow|tonight|soon"
    r"|booked|planned|scheduled|set|confirmed)\b|(?i:in)\s+(?:\d|(?i:a\s+(?:few|couple)|two"
    r"|three|four|five|six)\b|(?i:" + MONTH_RE + r")))"
    r"|\b(?i:next\s+(?:week|weekend|month|year|summer|spring|fall|autumn|winter)|tomorrow"
    r"|tonight)\b)"
)
# A sign, later in the clause, that what was booked is past: "I booked a hotel in Rome *last
# year*", "... *two years ago*" (not a year: "in 2026" may be ahead of when it was said).
_BEHIND = (
    r"(?:(?!,|\b(?:[Aa]nd|[Bb]ut)\b)[^.!?;])*?\b(?i:last\s+(?:week|weekend|month|year|summer"
    r"|spring|fall|autumn|winter|time)|yesterday|ago|back\s+then|once)\b"
)
# The trip, the flight or the tickets, after words of its kind ("my *upcoming* trip", "a
# *return* flight", "two *plane* tickets").
_TRIP_NOUN = (
    r"(?:[\w'-]+\s+){0,2}?(?i:trip|vacation|holiday|journey|getaway|honeymoon|flights?"
    r"|tickets?)"
)

PLACE_RULES: tuple[Rule, ...] = (
    # "We're renting an apartment in Brooklyn", "I rent a flat in Leeds": a home rented is
    # where one lives (not "renting a car in Rome", nor a holiday cabin: "for the weekend").
    make_rule(
        "location",
        "renting rent rents",
        r"(?:(?:'m|\bam|'re|\bare|'s|\bis)\s+(?:(?i:currently|still|now)\s+)?(?i:renting)"
        r"|\b(?i:rent|rents))\s+(?:(?i:a|an|the|our|my)\s+(?:[\w-]+\s+){0,2}?"
        r"(?i:apartment|flat|house|place|room|condo|studio|townhouse|loft|bungalow|duplex)\s+)?"
        # The home may go unsaid: "We're renting in Brooklyn".
        r"(?i:in)\s+" + NAMED_PLACE + r"(?!\s+(?i:for|this|next|over)\b)",
    ),
    # "We bought a house in Denver": a home bought is where one lives (a change; not a
    # vacation, holiday, summer, beach or rental home, nor an investment one).
    make_rule(
        "location",
        "bought buy buying purchased",
        r"\b(?i:bought|purchased|closed\s+on)\s+(?i:a|an|our|my)\s+(?:(?i:first|new|own)\s+)?"
        r"(?:(?!(?i:vacation|holiday|summer|beach|rental|investment|second|weekend)\b)"
        r"[\w-]+\s+){0,1}?"
        r"(?i:apartment|flat|house|home|condo|townhouse|bungalow|duplex)\s+"
        r"(?i:in)\s+"
        + NAMED_PLACE
        # Not for someone else or to let: "... for my parents", "... as an investment".
        + r"(?!\s+(?i:as|for|to)\b)(?![^.;!?]*\b(?i:investment|rent\s+(?:it\s+)?out|flip)\b)",
        change=True,
        elide="past",
    ),
    # "We moved into a new house in Austin", "I'm moving into an apartment in Brooklyn": a
    # home moved into is where one lives (not "moved into a new office", "into a new role").
    make_rule(
        "location",
        "moved moving move moves",
        r"\b(?i:moved|moving|move|moves)\s+(?i:into|in\s+to)\s+(?i:a|an|the|our|my)\s+"
        r"(?:(?!(?i:vacation|holiday|summer|beach|rental)\b)[\w-]+\s+){0,2}?"
        r"(?i:apartment|flat|house|home|place|condo|studio|townhouse|loft|bungalow|duplex)\s+"
        r"(?i:in)\s+" + NAMED_PLACE,
        change=True,
        elide="past",
    ),
    make_rule(
        "visited",
        "visited toured explored",
        # "explored the coast up in the Pacific Northwest": the name says where, not "coast".
        r"\b(?i:visited|toured|explored)\s+" + _PLACE_IN + NAMED_PLACE,
        elide="past",
    ),
    make_rule(
        "visited",
        "visited toured explored",
        r"\b(?:(?i:visited|toured)\s+|(?i:explored)\s+" + _EXPLORED + r")"
        r"(?!" + _PLACE_IN + _NAMED_PLACE_AHEAD + r")"  # the rule above reads those
        r"(?!(?i:it|that|this|them)\b)"
        # A person visited is no place: "I visited my grandma", "visited a friend".
        + r"(?!(?i:my|our|his|her|their|a|an|the)\s+(?:[\w-]+\s+)?(?-i:"
        + _KIN_WORDS
        + r")s?\b(?!'s|\s+[a-z]+\b(?<!\bin)(?<!\bat)(?<!\band)(?<!\bfor)(?<!\bon)(?<!\blast)"
        r"(?<!\bthis)(?<!\byesterday)(?<!\bover)(?<!\btoday)))" + VAL,
        elide="past",
        reject="friend friends family relatives grandma grandpa aunt uncle cousin nature"
        " outdoors wilderness",
    ),
    make_rule(
        "visited",
        "trip vacation holiday journey getaway",
        # "I canceled my trip to Japan", "My trip to Paris got cancelled": no visit.
        # "(?=\b\w)": both forms below start a word; the checks before run only there.
        r"(?=\b\w)(?<!(?i:canceled)\s)(?<!(?i:cancelled)\s)(?<!(?i:postponed)\s)"
        r"(?!(?:(?!,|\b(?i:and|but|although|though)\b)[^.!?;])*"
        r"\b(?i:cancell?ed|postponed|called\s+off|fell\s+through)\b)"
        r"(?:" + POSS + r"\s+|\b(?i:took|went\s+on|had|on|from|back\s+from)\s+(?i:a|an|the|my)"
        r"\s+)(?!(?i:upcoming|next|planned|future)\b)(?:[\w'-]+\s+){0,2}?"
        r"(?i:trip|vacation|holiday|journey|getaway)"
        # Nor one still ahead ("My trip to Japan is next month": the goals below).
         + r"(?!" + _AHEAD + r")\s+"
        # "took a trip last week to Rome": a past time phrase may sit before the place.
        # Not "this summer": that is as often still to come.
        r"(?:(?i:(?:last|past)\s+(?:week|weekend|month|year|summer|spring|fall|autumn"
        r"|winter)|yesterday|recently)\s+)?(?i:to)\s+" + VAL,
        elide="past",
    ),
    make_rule("visited", "been", r"\b(?i:been)\s+(?i:to)\s+" + CAP + VAL),
    # "I went to Japan (and Korea) last year", "We spent two weeks in Italy": a listed place
    # (place_names.py), since "went to" is as often an errand ("went to Target") and "spent
    # ... in" a time ("spent the day in bed"). Past forms only.
    make_rule(
        "visited",
        "went gone spent",
        r"\b(?:(?i:went|gone)\s+(?:(?i:back|over|out|down|up|all\s+the\s+way)\s+)?(?i:to)"
        r"|(?i:spent)\s+(?:(?i:a|an|one|two|three|four|five|six|seven|ten|a\s+few|a\s+couple"
        r"\s+of|several|\d+|the|our|my|last|this)\s+)?(?:(?i:whole|entire|full|long)\s+)?"
        r"(?i:days?|nights?|weeks?|weekends?|months?|years?|summer|winter|spring|fall|autumn"
        r"|holidays?|vacation|honeymoon)\s+(?i:in|on|exploring|touring|traveling|travelling"
        r"|backpacking)|(?i:spent)\s+(?i:time)\s+(?i:in))\s+(?P<val>" + PLACE_NAME + ")"
        # A place that is also someone's name, gone to as a person ("I went to Jordan for
        # advice", "... about it").
        r"(?!\s+(?i:for\s+(?:help|advice|support|guidance|answers)|about|and\s+asked)\b)",
        elide="past",
        items=r"(?:(?i:to|in)\s+)?(?P<val>" + PLACE_NAME + ")",
    ),
    # "I just got back from Mexico", "I'm back from a week in Lisbon", "We were in Paris
    # last week": back from, or in, a listed place.
    make_rule(
        "visited",
        "back returned was were",  # (its verb in the match: the walk stops at "came")
        r"\b(?:(?:(?i:got|came|flew|drove|headed|made\s+it)\s+)?(?i:back|returned)\s+(?i:from)\s+(?:(?:(?i:a|an|one|two|three|four|five|six"
        r"|ten|a\s+few|a\s+couple\s+of|several|\d+|our|my)\s+)?(?:(?i:long|short|whole"
        r"|quick|great|amazing|lovely|wonderful)\s+)?(?i:days?|nights?|weeks?|weekends?"
        r"|months?|trip|holiday|vacation|honeymoon)\s+(?i:in|on|to|exploring|touring)\s+)?"
        r"|(?i:was|were)\s+(?:(?i:just|recently|already|actually|finally|also|back)\s+)?"
        r"(?i:in|on)\s+)(?P<val>" + PLACE_NAME + ")",
        elide="past",
        items=r"(?:(?i:in|on)\s+)?(?P<val>" + PLACE_NAME + ")",
    ),
    make_rule(
        "visited",
        "traveled travelled flew drove sailed backpacked cycled biked hitchhiked road-tripped",
        # "I traveled to Japan", "we backpacked through Peru and Chile": a journey there, to
        # a name (not "drove to work", "flew to the conference"). Past forms only: "I'll
        # travel to Japan" has not happened.
        r"\b(?i:traveled|travelled|flew|drove|sailed|backpacked|cycled|biked|hitchhiked"
        r"|road-tripped)\s+(?:(?i:all|back|out|over|down|up)\s+)?"
        r"(?i:to|through|around|across|round)\s+" + NAMED_PLACE,
        elide="past",
    ),
    make_rule(
        "visited",
        "pic pics photo photos picture pictures shot shots snap selfie",
        # "took this pic in Spain": where the photo was taken is where one was; a name only
        # (not "at the park", nor "in May").
        r"\b(?i:took|snapped)\s+(?:(?i:this|that|these|those|the|a|my|some|a\s+couple\s+of"
        r"|a\s+few|lots\s+of|a\s+lot\s+of|so\s+many|many|tons\s+of)\s+)?"
        r"(?i:pic|pics|photo|photos|picture|pictures|shot|shots|snap|selfie)\s+"
        # "took this pic of the Eiffel Tower in Paris": what it shows may come first.
        r"(?:(?i:of)\s+(?:[\w'-]+\s+){1,4}?)?"
        # "... while in Spain", "... back in Spain", "... when I was in Spain".
        r"(?:(?i:while|back|out|over|up|down|(?:when|while)\s+(?:I|we)\s+(?:was|were))\s+)?"
        r"(?i:in|at)\s+" + NAMED_PLACE,
        elide="past",
        # "I never took a photo in Paris" does not say one was never there.
        denial_drops=True,
    ),
    make_rule(
        "goal",
        "going flying heading travelling traveling",
        # A trip ahead, to a name, with a sign that it is a trip ahead ("We're going to Korea
        # instead of Japan", "I'm flying to Lisbon next week", "We're heading to Peru for
        # two weeks"); not "I'm going to Target (tomorrow)", nor "We're going to the gym".
        r"(?:'re|'m|'s|\bam|\bare|\bis)\s+(?:(?i:now|actually|still|finally)\s+)?"
        # "I'm going back to Paris in June": a return is a trip too.
        r"(?i:going|flying|heading|travell?ing)\s+(?:(?i:back)\s+)?(?i:to)\s+"
        + NAMED_PLACE
        + r"(?=\s+(?:(?i:instead\s+of|next\s+(?:week|month|year|summer|spring|fall|autumn"
        r"|winter)|this\s+(?:month|summer|spring|fall|autumn|winter|year)|for\s+(?:a|an|one"
        r"|two|three|four|five|six|\d+)\s+(?:days|weeks?|months?|nights)|in\s+(?:\d+\s+"
        r"(?:weeks?|months?)|the\s+(?:spring|summer|fall|autumn|winter)))\b|(?i:in)\s+"
        r"(?:January|February|March|April|May|June|July|August|September|October|November"
        r"|December)\b))",
        template="trip to {}",
        # "to Japan next month and (to) Korea": further places, not "and going to X".
        items=r"(?:(?i:to)\s+)?" + NAMED_PLACE,
    ),
    # "I'm planning a trip to Japan and Korea", "We plan a road trip to Utah and Nevada": a
    # trip to each place of the list (the goal rule in rules.py reads the first, as this
    # one says it).
    make_rule(
        "goal",
        "planning plan plans",
        r"\b(?i:planning|plan|plans)\s+(?i:a|an|our|my)\s+(?P<verb>(?:(?i:road|family|big|long"
        r"|short|quick|weekend|ski|camping|beach|business|solo|summer|winter|spring|fall)\s+)?"
        r"(?i:trip|vacation|holiday|honeymoon|getaway|visit))\s+(?i:to)\s+" + NAMED_PLACE,
        template="{verb} to {}",
        items=r"(?:(?i:to)\s+)?" + NAMED_PLACE,
    ),
    # "I'll be in London next week", "I'm going to be in Tokyo for two weeks in May",
    # "I'm spending two weeks in Portugal in July": a stay ahead, with a time (not "I'll be
    # in Boston" with no time: as often where one is anyway).
    make_rule(
        "goal",
        "be spending",
        r"(?:(?:'ll|\b(?i:will)|(?:'m|\bam|'re|\bare)\s+(?i:going\s+to))\s+(?i:be)\s+"
        r"(?:(?i:back|over|out|up|down)\s+)?"
        r"|(?:'m|\bam|'re|\bare)\s+(?i:spending)\s+(?:(?i:a|the|two|three|four|five|six|ten"
        r"|a\s+few|a\s+couple\s+of|\d+)\s+)?(?i:days?|nights?|weeks?|months?|weekend|summer"
        r"|winter|holidays)\s+)"
        r"(?i:in)\s+" + NAMED_PLACE + STAY_WHEN,
        template="trip to {}",
        settled=True,  # not "If I'll be in Paris in June, ..."
        items=r"(?:(?i:in)\s+)?" + NAMED_PLACE,
    ),
    # "I'm in Chicago for work until Thursday", "I'm currently in Tokyo on business", "Tom is
    # in Tokyo this week": a stay under way (not "I'm in Chicago", which says no more than
    # where one is, nor a home: "I'm based in Chicago" is the location's).
    make_rule(
        "visited",
        "in",
        r"(?:'m|\bam|'re|\bare|'s|\bis)\s+(?:(?i:currently|now|still)\s+)?(?i:in)\s+"
        + NAMED_PLACE
        + r"(?=\s+(?i:for\s+(?:work|business|a\s+conference|a\s+wedding|the\s+week(?:end)?"
        r"|a\s+few\s+days|(?:a|two|three|four|five|\d+)\s+(?:days|weeks|nights))|on\s+business"
        r"|on\s+vacation|on\s+holiday|until|till|through|this\s+week(?:end)?)\b)",
        said_day=True,  # there the day it was said: not the day it ends ("until Thursday")
    ),
    # "I'm flying to Tokyo on Friday": a flight to a name is a trip whenever it is.
    make_rule(
        "goal",
        "flying",
        r"(?:'re|'m|'s|\bam|\bare|\bis)\s+(?:(?i:now|actually|still|finally)\s+)?"
        r"(?i:flying)\s+(?:(?i:out|back|home)\s+)?(?i:to)\s+" + NAMED_PLACE,
        template="trip to {}",
        items=r"(?:(?i:to)\s+)?" + NAMED_PLACE,
    ),
    # "I fly to Rome on Friday", "Ana flies out to Lima next week": a flight in the present
    # with a time it is taken (not "I fly to Rome every month", a habit; nor "I fly to Rome
    # often").
    make_rule(
        "goal",
        "fly flies",
        r"\b(?i:fly|flies)\s+(?:(?i:out|back|home)\s+)?(?i:to)\s+"
        + NAMED_PLACE
        + r"(?!\s+(?i:on\s+\w+days|on\s+weekends)\b)"  # "on Fridays": a habit
        + STAY_WHEN,
        template="trip to {}",
        settled=True,  # not "If I fly to Rome on Friday, ..."
        items=r"(?:(?i:to)\s+)?" + NAMED_PLACE,
    ),
    # "My trip to Japan is next month", "my upcoming vacation to Bali", "My flight to
    # Tokyo is on Friday": one's own trip, still ahead.
    make_rule(
        "goal",
        "trip vacation holiday journey getaway honeymoon flight flights ticket tickets",
        POSS
        + r"\s+(?=(?i:upcoming|next|planned|future)\b|"
        + _AHEAD
        + r")"
        + _TRIP_NOUN
        + r"\s+(?i:to)\s+"
        + NAMED_PLACE,
        subject="poss",
        template="trip to {}",
        items=r"(?:(?i:to)\s+)?" + NAMED_PLACE,
        subject_list=True,  # "My trip to Japan and Korea is next month"
    ),
    # "I booked a flight to Tokyo", "I have tickets to Lisbon", "We got a hotel in Rome".
    make_rule(
        "goal",
        # (anchored on the nouns: the verbs are in half the sentences said)
        "trip vacation holiday journey getaway honeymoon flight flights ticket tickets hotel "
        "hostel airbnb cabin room",
        # (the past sign looked for once a booking verb matched, not at every word)
        r"\b(?i:booked|booking|have|has|got|bought|reserved)(?!" + _BEHIND + r")\s+"
        r"(?:(?i:a|an|the|my|our|two|some"
        r"|\d+)\s+)?(?:"
        + _TRIP_NOUN
        + r"\s+(?i:to)|(?:[\w'-]+\s+)?(?i:hotel|hostel|airbnb|cabin|room)\s+(?i:in))\s+"
        + NAMED_PLACE,
        template="trip to {}",
        items=r"(?:(?i:to)\s+)?" + NAMED_PLACE,
        plain_denial_drops=True,
    ),
)
