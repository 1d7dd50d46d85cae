"""Word lists that trim a rule's raw value to a short phrase, and that reject values which
carry no information (``policies/clauses.py`` and ``policies/rule_values.py`` use them)."""

from __future__ import annotations

from nousmem.policies.patterns import words

__all__ = [
    "ADJ_HEAD",
    "HEAD_REJECT",
    "LEADING_ADVERBS",
    "LEADING_DROP",
    "SECOND_PERSON",
    "TO_CONTINUES",
    "TRAILING_DEGREE",
    "TRAILING_DROP",
    "VALUE_REJECT",
    "VALUE_REJECT_ANYWHERE",
    "VALUE_REJECT_START",
    "VALUE_STOP",
    "VP_STOP",
]

#: A value stops before any of these words (relative clauses, conjunctions, prepositions,
#: time words): "a support group yesterday and it was great" -> "support group".
VALUE_STOP = words(
    "and but because cause 'cause which who whom whose that where when while unless except "
    "with without "
    "for since as so if or nor until till after before though although at in on during "
    "from by into onto than then yesterday today tomorrow tonight last next ago every "
    "recently lately now again too also anymore already yet finally soon lol haha tbh ngl imo "
    "everyday really right instead rather "
    "nowadays these is was are were has had have will would can could should it's i i'm "
    "starts begins "
    "we we're you you're he she they it about like just every because twice once thrice "
    "ever often regularly sometimes usually always never daily weekly monthly together alone "
    "either might may must be been being shall should will 'll near around behind across "
    "through along over under beside outside inside there here "
    # A contracted subject starts a new clause ("If I worked at Google *I'd* be rich").
    "i'd i'll i've we'd we'll we've you'd you'll you've he'd he'll he's she'd she'll "
    "she's they'd they'll they've they're it'd it'll"
)
#: Verb-phrase values (goals) keep their prepositions: "run for office", "live in Japan".
VP_STOP = VALUE_STOP - words("at in on for from by into onto about to with")
#: Words dropped from the front of a value ("the park" -> "park", "my guitar" -> "guitar").
LEADING_DROP = words("a an the my our some more both very so too really")
#: Adverbs skipped before a value starts, even those that end one ("is *still* tacos",
#: "is *now* ramen", but "I like jazz *now*").
LEADING_ADVERBS = words("still also now currently definitely actually absolutely certainly totally")
#: A value starting with one of these is not a fact about the subject ("love *that*").
VALUE_REJECT_START = words(
    "this that these those your yours his her their its it it's you him them us me she he they "
    "everything something anything nothing everyone someone how what when where why who "
    "which there here one all lot lots much many most being getting ya u neither "
    "stuff things thing bit everywhere anywhere somewhere"
)
#: Whole values that carry no information.
VALUE_REJECT = words(
    "home work job here there it myself yourself bed sleep time fun lot way part role "
    "people sure out up down make do get go be have try keep start continue ton help "
    "support join find stay say know difference decision mistake point sense progress"
) | {"spending time", "spend time"}
#: A value whose last word is one of these is an idiom, not a fact ("made a *difference*").
HEAD_REJECT = words(
    "difference decision mistake point sense progress impact effort choice something anything "
    "everything connections pieces trouble victim fool"
)
#: Adjectives that cannot end a noun phrase after an article: "create a *safe* [and loving
#: home]" was cut mid-phrase.
ADJ_HEAD = words(
    "safe great good new big small better best beautiful loving positive real whole special "
    "strong supportive inclusive welcoming little huge"
)
#: Pronouns dropped from the end of a value ("support those" -> "support"), and the word
#: that starts a date the time resolver cut off ("Google *starting* [next month]").
TRAILING_DROP = words(
    "those these them it this that to of a the my for into with in on at from by about "
    "starting beginning"
)
#: Degree words dropped from the end of a value when lowercase ("like tea *more* than
#: coffee", "like dogs *a lot*", "love it *very much*"); capitalised, they are a name's.
TRAILING_DEGREE = words("more better most less lot much very") | words(
    # Adverbs after a value ("I work at Acme *still*", "I live in Paris *currently*"):
    # lowercase only, like the degree words.
    "still anyway anyways currently presently actually honestly basically tho originally initially"
)
#: Tokens that attach a value to the listener: "love your painting" is not a preference.
SECOND_PERSON = words("you your yours you're ya")
#: Tokens that void a value wherever they stand in it: the listener, or a denial the
#: extractor did not read ("visit *neither* Paris": the value would assert what is denied).
VALUE_REJECT_ANYWHERE = SECOND_PERSON | words("neither pronouns")
#: After "to" inside a value, these mean the value goes on ("trip to the coast", "go back
#: to school").
TO_CONTINUES = words("a an the my school college university uni grad church")
