"""Word lists for reading coordinated values (``policies/coordination.py``)."""

from __future__ import annotations

from nousmem.policies.patterns import words

__all__ = [
    "ADVERB_END",
    "BINOMIALS",
    "CLAUSE_VERBS",
    "ITEM_REJECT",
    "ITEM_REJECT_START",
    "LIST_END",
    "PEOPLE",
    "VERBS",
]

#: "A and B" pairs that name one thing (lowercase, single spaces).
BINOMIALS = frozenset(
    {
        "rock and roll",
        "rhythm and blues",
        "drum and bass",
        "mac and cheese",
        "macaroni and cheese",
        "fish and chips",
        "salt and pepper",
        "bread and butter",
        "peanut butter and jelly",
        "sweet and sour",
        "arts and crafts",
        "hide and seek",
        "black and white",
        "dungeons and dragons",
        "tom and jerry",
        "simon and garfunkel",
        "trinidad and tobago",
        "bosnia and herzegovina",
        "antigua and barbuda",
        "bed and breakfast",
        "pros and cons",
        "law and order",
        "pride and prejudice",
        "beauty and the beast",
        "war and peace",
        "crime and punishment",
        "research and development",
        "track and field",
        "procter and gamble",
        "johnson and johnson",
        "barnes and noble",
        "marks and spencer",
        "ernst and young",
        "black and decker",
        "dolce and gabbana",
        "abercrombie and fitch",
        "bath and body works",
        "crate and barrel",
        "bed bath and beyond",
        "arm and hammer",
    }
)

# Common verb forms: an item holding one is a clause ("and hate dogs", "and my dog loves
# it"), not a noun phrase. Gerunds are not here: "hiking and swimming" is the point.
VERBS = words(
    "am is are was were be been has have had do does did get gets got make makes made "
    "go goes went gone take takes took see sees saw seen know knows knew think thinks "
    "thought feel feels felt want wants wanted need needs needed like likes liked love "
    "loves loved hate hates hated enjoy enjoys enjoyed prefer prefers preferred live "
    "lives lived work works worked play plays played try tries tried start starts "
    "started sing sings sang say says said tell tells told come comes came leave leaves "
    "left meet meets met buy buys bought spend spends spent give gives gave keep keeps "
    "kept find finds found watch watches watched read reads write writes wrote visit "
    "visits visited use uses used miss misses missed help helps helped call calls called "
    "look looks looked seem seems seemed become becomes became got hope hopes hoped "
    "can can't could couldn't will won't would wouldn't should shouldn't don't doesn't "
    "didn't isn't aren't wasn't weren't haven't hasn't hadn't "
    # What a team does with its tools ("We use Postgres and *deploy* on Kubernetes").
    "deploy deploys deployed host hosts hosted ship ships shipped manage manages managed "
    "build builds built test tests tested run runs"
)

# Base verbs a clause after "and" often has; with their -s and -ed forms (CLAUSE_VERBS) they
# mark "and dogs *bite*", "and Tom *agrees*", "and my wife *cleans*" as a clause when the
# item opens like a subject (see coordination._clause_like). Nouns among them ("walks",
# "shows") are fine after a modifier: "long walks", "tv shows".
_BASE_VERBS = (
    "adore agree arrive ask bake bark bike bite bring build care chase cheer clean climb "
    "cook cost cry dance decide die draw dream drink drive drum eat fall fight fly follow "
    "grow hang hear hike hold hunt join jump kill kiss laugh learn lie listen lose marry "
    "move open paint pay plan plant pray promise pull push race rain rest ride ring rise "
    "run sail sell send serve shine shop shout show sit skate ski sleep smell smile snore "
    "speak stand stay stop study surf swim talk taste teach text throw travel turn wait "
    "wake walk wash win wish wonder worry yell complain disagree approve suck mind sneeze "
    "agree prefer enjoy hate like love want need "
    "play work live visit watch read write help call look seem hope think know feel try"
)
_IRREGULAR = (
    "ate drank drove fell flew fought grew heard held lay lost ran rang rode rose sat sold "
    "sent shone slept spoke stood swam taught threw understood woke won wrote does goes"
)


def _forms(base: str) -> tuple[str, ...]:
    if base.endswith(("s", "sh", "ch", "x", "o")):
        third = base + "es"
    elif base.endswith("y") and base[-2:-1] not in "aeiou":
        third = base[:-1] + "ies"
    else:
        third = base + "s"
    if base.endswith("e"):
        past = base + "d"
    elif base.endswith("y") and base[-2:-1] not in "aeiou":
        past = base[:-1] + "ied"
    else:
        past = base + "ed"
    return base, third, past


CLAUSE_VERBS = (
    VERBS | frozenset(f for b in _BASE_VERBS.split() for f in _forms(b)) | words(_IRREGULAR)
)

#: An item opening with one of these is no thing held: a negation ("and *not* coffee"), a
#: quantity ("and *few* others"), a subject ("and *nobody* cares"), a hedge or a focus
#: adverb ("and *maybe* swimming", "and *especially* swimming").
ITEM_REJECT_START = words(
    "not no never none nothing nobody noone everyone everybody someone somebody anyone "
    "anybody few little much many hardly barely his her their our your its he she they we "
    "it i you who especially particularly mainly mostly even also maybe probably perhaps "
    "possibly just only other others"
)
#: Items holding one of these carry nothing ("hiking and *stuff*").
ITEM_REJECT = words("etc etc. stuff things thing more so forth on whatnot thus then")
#: Words that may follow a list's last item: prepositions, time words, a dash, "too". Not an
#: auxiliary, a modal, a pronoun or "like", which would make the last "item" that clause's
#: subject ("... and Bob *can* swim", "... and my kids *like* juice").
LIST_END = words(
    "with without for at in on during from by into onto since until till after before "
    "because cause 'cause but though although when while as so than "
    "yesterday today tomorrow tonight last next ago every recently lately again too "
    "anymore lol haha tbh ngl imo instead nowadays these this twice once daily weekly "
    "monthly alone near around through over there here that which who - – —"
)
#: Adverbs that may end a value ("... and coffee *now*") or stand between a subject and its
#: verb ("... and Ana *always* comes"): they end a list only when no verb follows.
ADVERB_END = words(
    "usually always sometimes often also really then now already just together still "
    "never regularly mostly generally"
)
#: People an item may name; "my *wife* swimming" with more after one is a clause.
PEOPLE = words(
    "wife husband partner spouse sister brother mom mum dad mother father son daughter kids "
    "kid children child friend friends family boyfriend girlfriend boss parents grandma "
    "grandpa aunt uncle cousin neighbor neighbour roommate coworker colleague neighbors "
    "neighbours roommates coworkers colleagues sisters brothers sons daughters parents "
    "cousins"
)
