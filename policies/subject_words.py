"""Words the rule extractor reads subjects, clauses and requests by: who "I" is, what may
stand between a subject and its verb, negators, hypotheticals, requests to forget, and the
nouns questions and requests name attributes and relatives by.

Split from ``policies/patterns.py`` (the ``Rule`` model and regex pieces); both are the
extractor's vocabulary.
"""

from __future__ import annotations

from nousmem.policies.patterns import words
from nousmem.projections.title_points import TITLE_ABBREVIATIONS

#: Tokens that make the speaker (``obs.actor``) the subject.
FIRST_PERSON = words("i i'm im i've ive i'd i'll")
#: Subjects the extractor cannot resolve: the claim is skipped ("we" is deliberately here).
OTHER_SUBJECTS = words(
    "we we're we've we'd we'll us our you you're you've you'd you'll u ya he he's he'd he'll "
    "she she's she'd she'll they they're they've they'd they'll it it's it'd it'll that "
    "that's this these those there there's here who which what what's everyone everybody "
    "someone somebody anyone people kids mom dad everything nobody one"
)
#: Words that may stand between a subject and its verb without changing who the subject is.
SKIP_WORDS = words(
    "am 'm is are was were be been being have has had 've do does did will 'll would should "
    "could can may might must shall 're gonna going to about off also just really still now "
    "recently finally actually totally absolutely definitely truly genuinely seriously "
    "literally honestly basically already always usually often sometimes generally mostly "
    "currently lately officially kinda sorta kind sort of so very pretty quite too even only "
    "mainly especially particularly simply newly happily proudly secretly both all "
    "personally originally eventually somehow again started began begun start starting "
    "continue continued keep kept back got get getting up tend tends maybe probably perhaps "
    "think guess believe suppose reckon feel like a bit little lot more most much "
    "absolutely deeply"
)
#: Adverbs that may follow a name before its verb ("Alice *really* likes").
ADVERBS = words(
    "also just really still now recently finally actually always usually often sometimes "
    "never totally absolutely definitely currently not no longer truly even only already "
    "mostly"
)
#: Modal verbs: "Alice will ..." agrees with a third-person subject.
MODALS = words("will would can could might may should must shall won't can't")
#: Plain negators: "I don't like X" (likes -> dislikes) and "I'm not from X" (negate).
PLAIN_NEG = words(
    "not don't dont doesn't doesnt didn't didnt never won't isn't aren't wasn't haven't "
    "hasn't no nor cannot can't"
)
#: Negators that also mean a change happened: "no longer", "stopped", "used to", "quit".
CESSATION = words("longer stopped quit quitting gave giving used anymore")
#: Modal words that make a statement hypothetical ("I would live in Paris").
CONDITIONAL = words("would could should i'd wouldn't couldn't shouldn't")
#: Words that, before a subject in its clause, make the clause hypothetical: "*If* I worked
#: at Google", "I *wish* I lived in Paris", "I'd *rather* we split up". Such a clause
#: asserts nothing about the subject.
HYPOTHETICAL = words("if unless whether wish wishes wished wishing rather")
#: ... and these when they open the clause, asking the listener to imagine it: "*Suppose*
#: Tom and I split up", "*Let's say* I worked at Google" (not "I suppose I ...": a hedge).
IMAGINING = words("suppose supposing imagine imagining pretend say")
#: Asking memory to let go of what follows ("Please forget that I live in Boston"); see
#: ``clauses._asks_to_forget`` for the request forms (anything else states the clause).
FORGET_VERBS = words("forget forgets")
#: ... and "don't remember that I ...", "stop remembering that I ...", "don't mention that I
#: ..." (a wish to keep it out of answers states nothing either).
REMEMBER_VERBS = words("remember remembering mention mentioning")
#: What may stand before a request said to memory ("Actually, please just forget ...").
POLITE = words("please pls plz kindly just also and so ok okay now then hey oh") | words(
    "actually wait sorry no well right"
)
#: "Can you forget ...", "could you ...": a request, not "You never remember ...".
ASKING = words("can could would will")
#: "I want you to forget ...", "I'd like you to ...", "I need you to ...".
WANTING = words("want need like wish")
#: What "forget my <noun>" (and "what was my <noun>?") names: the nouns of the default
#: attributes (and of common custom ones: a schema without them resolves nothing), never a
#: word of a longer phrase.
ATTRIBUTE_NOUNS: dict[str, tuple[str, ...]] = {
    **dict.fromkeys(
        ("address", "home address", "location", "city", "where i live"),
        ("location",),
    ),
    "job": ("employer", "role"),
    **dict.fromkeys(
        ("employer", "workplace", "company", "where i work"),
        ("employer",),
    ),
    **dict.fromkeys(("role", "job title", "position", "profession", "occupation"), ("role",)),
    **dict.fromkeys(("spouse", "husband", "wife"), ("spouse",)),
    **dict.fromkeys(("manager", "boss", "supervisor", "lead", "tech lead"), ("manager",)),
    **dict.fromkeys(("doctor", "physician", "gp", "pediatrician"), ("doctor",)),
    **dict.fromkeys(("dentist", "orthodontist"), ("dentist",)),
    **dict.fromkeys(("therapist", "counselor", "counsellor", "psychiatrist"), ("therapist",)),
    "teacher": ("teacher",),
    **dict.fromkeys(("nanny", "babysitter", "sitter"), ("nanny",)),
    **dict.fromkeys(("team", "squad", "department"), ("team",)),
    **dict.fromkeys(("timezone", "time zone"), ("timezone",)),
    "relationship status": ("relationship_status",),
    "name": ("name",),
    "age": ("age",),
    "hometown": ("origin",),
    **dict.fromkeys(("nationality", "citizenship"), ("nationality",)),
    **dict.fromkeys(("hobby", "hobbies"), ("hobby",)),
    **dict.fromkeys(("pet", "pets"), ("pet",)),
    **dict.fromkeys(("kids", "children"), ("child",)),
    **dict.fromkeys(("siblings",), ("sibling",)),
    **dict.fromkeys(("parents",), ("parent",)),
    **dict.fromkeys(("grandparents",), ("grandparent",)),
    **dict.fromkeys(("friends",), ("friend",)),
    **dict.fromkeys(("instructions",), ("instruction", "answer_language")),
    **dict.fromkeys(("phone number", "phone", "number"), ("phone",)),
    **dict.fromkeys(("email", "email address", "e-mail"), ("email",)),
    "birthday": ("birthday",),
    **dict.fromkeys(("anniversary", "wedding anniversary"), ("anniversary",)),
    "pronouns": ("pronouns",),
    **dict.fromkeys(("injury", "injuries"), ("injury",)),
}
#: "my sister ...": the asker's relatives by their noun, and the attribute that holds them.
KIN_NOUNS: dict[str, str] = {
    **dict.fromkeys(("sister", "brother", "sibling"), "sibling"),
    **dict.fromkeys(("wife", "husband", "spouse", "partner"), "spouse"),
    **dict.fromkeys(("son", "daughter", "kid", "child"), "child"),
    **dict.fromkeys(("mother", "father", "mom", "mum", "dad", "parent"), "parent"),
    **dict.fromkeys(
        ("grandmother", "grandfather", "grandma", "grandpa", "granny", "nana", "grandparent"),
        "grandparent",
    ),
    **dict.fromkeys(("friend", "best friend"), "friend"),
}
_SIBLINGS = ("sibling", "sister", "brother")
_PARENTS = ("parent", "mother", "father")
_CHILDREN = ("child", "kid", "son", "daughter")
#: A group of someone's relatives by a plural or collective noun, and the nouns (keys of
#: :data:`KIN_NOUNS`) each of them may be called by ("my siblings": the sisters and
#: brothers). Not friends: memory knowing some says nothing of how many.
KIN_GROUPS: dict[str, tuple[str, ...]] = {
    "siblings": _SIBLINGS,
    "sisters": ("sister",),
    "brothers": ("brother",),
    "parents": _PARENTS,
    "folks": _PARENTS,
    "kids": _CHILDREN,
    "children": _CHILDREN,
    "sons": ("son",),
    "daughters": ("daughter",),
    "grandparents": ("grandparent", "grandmother", "grandfather"),
    "family": ("spouse", "wife", "husband", "partner", *_CHILDREN, *_PARENTS, *_SIBLINGS),
}
#: Clause joiners: a verb right after one shares the subject of the sentence.
CONJUNCTIONS = words("and but then so & plus or")
#: Verbs a subjectless sentence may start with (past forms are the speaker's report;
#: imperatives such as "Go to the park!" are not).
PAST_IRREGULAR = words(
    "went got took ran began begun did made had saw met left quit been gone came bought "
    "became found gave grew heard kept lost moved paid sent spent won wrote woke ate drove "
    "flew rode swam sat stood slept caught brought taught led sang threw wore hung fed dug "
    "hid held built sold told said outgrew broke tore hurt"
)
#: Abbreviations a name goes on after ("St. Mary's", "Jr.", "Dr. Lee"): a value or a name
#: that ends on one followed by a full stop is cut short, not a value.
ABBREVIATIONS = TITLE_ABBREVIATIONS | words("Jr Sr")
#: Capitalised words that are not names even when they stand where a subject would.
NAME_STOP = words(
    "the this that these those it there here what where when why how who which yes yeah "
    "yep yup no nope oh ooh wow hey hi hello thanks thank sure well so and but or also just "
    "really totally definitely absolutely awesome great cool nice good sounds looks congrats "
    "today yesterday tomorrow tonight last next monday tuesday wednesday thursday friday "
    "saturday sunday january february march april may june july august september october "
    "november december mom dad god christmas thanksgiving easter halloween he she they we "
    "you my your his her their our its i me lol omg haha aw aww ah omg anyway plus once "
    "after before since while if as at in on for with by from to of not never then let "
    "gonna wanna way "
    # Sentence adverbs, capitalised at a sentence's start: "Honestly Ana is allergic ..."
    "honestly sadly apparently actually luckily unfortunately fortunately finally basically "
    "obviously hopefully recently clearly surprisingly interestingly thankfully seriously "
    "literally personally naturally frankly oddly weirdly ironically amazingly originally "
    "eventually usually generally typically currently technically"
)
