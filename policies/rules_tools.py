"""Rules for the tools someone uses: "I use Vim", "We switched from Jira to Linear", "I
moved from Windows to Linux" (``USES_RULES``); and those they name as theirs, "My main
editor is Neovim", "My laptop is a MacBook Pro", "Ana's browser is Firefox", "My daily
driver is a ThinkPad" (``TOOL_RULES``; the tool by its name: capitalised, so "My laptop is
a mess" or "My phone is broken" is none). "My favourite editor is Vim" is a like
(rules_likes.py), not this. All give ``uses``.

Part of the rule table (``policies/rules.py`` assembles it); see ``patterns.Rule`` for what
each option means.
"""

from __future__ import annotations

import re

from nousmem.policies.brand_words import SOFTWARE
from nousmem.policies.drug_names import DRUG
from nousmem.policies.letters import UPPER
from nousmem.policies.pastime_names import PASTIME
from nousmem.policies.patterns import NAME_VAL, NOT_WORD, POSS, VAL, Rule, make_rule
from nousmem.policies.rules_personal import PRONOUN_SET_START

__all__ = ["TOOL_RULES", "USES_RULES"]

# A programming language by its name (capitalised, so "go" and "rust" are words).
_LANGUAGE_NAME = (
    r"(?:Go|Golang|Python|Rust|Java|JavaScript|TypeScript|Kotlin|Swift|Ruby|PHP|Elixir"
    r"|Erlang|Haskell|Scala|Clojure|C\+\+|C#|Dart|Julia|Lua|Perl|OCaml|F#|Zig|Nim)"
    r"(?![\w+#])"
)
_LANGUAGE = rf"(?P<val>{_LANGUAGE_NAME})"

# A tool one has, by its kind.
_TOOL = (
    r"(?i:editor|text\s+editor|ide|laptop|phone|smartphone|browser|os|operating\s+system"
    r"|terminal|shell|keyboard|computer|pc|desktop|tablet|database|db|framework|stack"
    r"|daily\s+driver|note-?taking\s+app|notes\s+app|task\s+manager|password\s+manager"
    r"|email\s+client|mail\s+client|camera)"
)
_WHICH = (
    r"(?:(?i:main|primary|daily|usual|current|new|trusty|work|personal|only|old|default"
    r"|preferred)\s+)?"
)

TOOL_RULES: tuple[Rule, ...] = (
    make_rule(
        "uses",
        "editor ide laptop phone smartphone browser os system terminal shell keyboard "
        "computer pc desktop tablet database db framework stack driver app manager client "
        "camera",
        POSS
        + r"\s+"
        + _WHICH
        + _TOOL
        + r"\s+(?i:is|=)\s+(?:(?i:still|now|currently)\s+)?(?:(?i:a|an|the)\s+)?"
        # A name, or one of a brand's lower-case "i" names ("My phone is an iPhone").
        + rf"(?=[{UPPER}]|i[{UPPER}])"
        + VAL,
        subject="poss",
        stated=True,
    ),
    # "I have a Pixel phone", "I just got a Dell laptop", "Ana uses a Kindle tablet": the
    # tool by its maker's or its own name and its kind.
    make_rule(
        "uses",
        "laptop phone smartphone tablet computer pc desktop keyboard camera",
        r"\b(?i:have|has|got|bought|use|uses|own|owns)\s+(?:(?i:a|an)\s+)"
        r"(?:(?i:new|brand\s+new|used|refurbished)\s+)?"
        rf"(?P<val>(?:[{UPPER}]|i[{UPPER}])[\w-]*(?:\s+[{UPPER}0-9][\w-]*){{0,2}}\s+"
        r"(?i:laptop|phone|smartphone|tablet|computer|pc|desktop|keyboard|camera))\b(?!['-])",
        value="raw",
    ),
)

# A job a tool does, said before the tool switched to ("our CI", "my notes").
_JOB = (
    r"(?i:ci|ci/cd|cd|ci\s+pipelines?|pipelines?|builds?|editor|ide|(?:issue\s+)?tracker"
    r"|ticketing|tickets|issues|databases?|db|backend|frontend|infra|infrastructure|hosting"
    r"|monitoring|logging|alerting|docs|documentation|wiki|notes|chat|email|browser|os"
    r"|package\s+manager|build\s+system|tests|test\s+suite|repos?|codebase|stack|deploys"
    r"|deployments?|servers?|cloud|workloads?|services?|infrastructure|passwords|music"
    r"|files|photos|backups?|calendar|tasks|to-?dos?)"
)

# What something is written in or built with: a language or software, by its name.
_BUILT_WITH = rf"(?P<val>{_LANGUAGE_NAME}|(?:{SOFTWARE})(?![\w-]))"

# Software by name, with the version said after it ("Python 3.12", "Postgres 15").
_VERSIONED = rf"(?P<val>(?:{SOFTWARE})(?:\s+v?\d+(?:\.\d+)*)?)(?![\w-])"
_SOFTWARE_WORDS = " ".join(sorted({w.lower() for w in re.findall(r"[A-Za-z]{2,}", SOFTWARE)}))

#: The verbs of use and of switching tools ("I use Vim", "We switched from Jira to Linear");
#: ``rules.py`` places them right after the roles, where they always were.
USES_RULES: tuple[Rule, ...] = (
    make_rule(
        "uses",
        "use uses using used",
        # (not pronouns: "I use she/her" is the `pronouns` rule's)
        r"\b(?i:use|uses|using|used(?!\s+to\b))\s+(?!(?i:to|it|them|this|that|these|those|some|up|any"
        r"|my\s+(?:time|voice|words|imagination)|" + PRONOUN_SET_START + r")\b)" + VAL,
    ),
    make_rule(
        "uses",
        "switched switching switch migrated migrating",
        r"\b(?i:switched|switching|switch|migrated|migrating)\s+(?:(?i:over|back)\s+)?"
        # "We switched our CI from Jenkins to ...": what was switched may come first.
        r"(?:(?i:our|my|the)\s+(?:[\w-]+\s+){0,2}?(?=(?i:from)\s))?"
        r"(?:(?i:from)\s+(?P<old>[^.,;:!?()\n]{1,40}?)\s+)?(?i:to)\s+"
        # A diet is no tool: "I switched to a vegan diet" is the `diet` rules'; nor a team,
        # a shift or a way of working ("I switched to the payments team", "to nights").
        r"(?![^.,;:!?]{0,40}?\b(?i:diet|team|squad|department|org|shift|shifts|nights|days"
        r"|part-time|full-time|remote|hybrid|role|position|job|major|school|doctor|dentist"
        r"|therapist|decaf)\b)"
        # A pastime is no tool: "I switched to yoga" is a hobby (rules_pastimes.py); nor a
        # medication, "I switched to Jardiance" (rules_health.py).
        rf"(?!(?i:the\s+)?(?:(?i:doing|playing)\s+)?{PASTIME})(?!{DRUG})" + VAL,
        change=True,
        elide="past",
    ),
    make_rule(
        "uses",
        "switched switching switch migrated migrating moved moving move",
        # "We switched our CI to GitHub Actions", "I moved my notes to Obsidian": the job
        # first, then the tool, by its name.
        r"\b(?i:switched|switching|switch|migrated|migrating|moved|moving|move)\s+"
        r"(?i:our|my|the)\s+" + _JOB + r"\s+(?:(?i:over|back)\s+)?"
        r"(?:(?i:from)\s+(?P<old>[^.,;:!?()\n]{1,40}?)\s+)?(?i:to)\s+" + NAME_VAL,
        change=True,
        elide="past",
    ),
    make_rule(
        "uses",
        "moved moving move went going go",
        # "I moved from Windows to Linux", "We moved over to Notion", "We went back to Jira":
        # software, by name.
        r"\b(?:(?i:moved|moving|move)\s+(?:(?i:over|back)\s+)?"
        # "went to GitHub" is a visit: going back or over to it is a switch.
        r"|(?i:went|going|go)\s+(?i:over|back)\s+)"
        r"(?:(?i:from)\s+(?P<old>[^.,;:!?()\n]{1,40}?)\s+)?(?i:to)\s+" + rf"(?P<val>{SOFTWARE})\b",
        change=True,
        elide="past",
    ),
    make_rule(
        "uses",
        "moved moving move",
        # "We moved from Jira to Linear": from software, by name, to a name is a new tool,
        # whatever its name ("Linear" is no place to live).
        r"\b(?i:moved|moving|move)\s+(?:(?i:over)\s+)?(?i:from)\s+"
        + rf"(?P<old>{SOFTWARE})\s+(?i:to)\s+"
        + NAME_VAL,
        change=True,
        elide="past",
    ),
    # "We replaced Jira with Linear", "I swapped out Vim for Neovim": software by name
    # replaced (not "I replaced my tires with Michelins").
    make_rule(
        "uses",
        "replaced replacing replace swapped swapping swap traded",
        r"\b(?i:replaced|replacing|replace|swapped|swapping|swap|traded)\s+"
        r"(?:(?i:out)\s+)?(?:(?i:our|my|the)\s+)?"
        + rf"(?P<old>{SOFTWARE})\s+(?i:with|for)\s+"
        + NAME_VAL,
        change=True,
        elide="past",
    ),
    # "Linear replaced Jira", "Linear supersedes Jira for our team": both by name.
    make_rule(
        "uses",
        "replaced replaces supersedes superseded replacing",
        rf"(?P<val>{SOFTWARE})\s+(?:(?i:has|have|is|now|just|finally)\s+)?"
        r"(?i:replaced|replaces|supersedes|superseded|replacing)\s+" + rf"(?P<old>{SOFTWARE})\b",
        value="raw",
        change=True,
        elide="past",
    ),
    # "We're on Python 3.11", "I'm still on Windows", "We're not on Kubernetes": software by
    # name, with its version ("I'm on vacation" names none).
    make_rule(
        "uses",
        _SOFTWARE_WORDS,
        r"(?:'m|\bam|'re|\bare|'s|\bis)\s+"
        + NOT_WORD
        + r"(?:(?i:now|still|currently|mostly|all|fully|entirely)\s+)?(?i:on)\s+"
        + _VERSIONED,
        value="raw",
        items=_VERSIONED,
    ),
    # "We upgraded to Python 3.12", "I updated to macOS 14": that version, in place of the
    # one held (``policies/versions.py``).
    make_rule(
        "uses",
        "upgraded upgrading upgrade updated updating update",
        r"\b(?i:upgraded|upgrading|upgrade|updated|updating|update)\s+(?:(?i:everything|all"
        r"|our\s+\w+|the\s+\w+|it)\s+)?(?i:to)\s+" + _VERSIONED,
        value="raw",
        change=True,
        elide="past",
    ),
    # "I mostly write Go and some Python", "I code in Rust", "We program in Elixir": a
    # programming language, by its name.
    make_rule(
        "uses",
        "write writes writing code codes coding program programs programming develop "
        "develops developing",
        r"\b(?i:write|writes|writing|code|codes|coding|program|programs|programming|develop"
        r"|develops|developing)\s+(?:(?i:mostly|mainly|primarily|professionally|daily)\s+)?"
        r"(?:(?i:in)\s+)?(?:(?i:mostly|mainly|primarily)\s+)?" + _LANGUAGE,
        value="raw",
        items=r"(?:(?i:some|a\s+bit\s+of|a\s+little|occasionally|also)\s+)?" + _LANGUAGE,
    ),
    # "Our backend is written in Go", "Our app is built with React and Django", "Our API
    # is implemented in Rust": a language or software by its name (not "written in pencil",
    # "built with love"), of what the speaker's is ("The app ..." names no one's).
    make_rule(
        "uses",
        "written built implemented coded",
        r"\b(?i:is|are|was|were|'s)\s+(?:(?i:mostly|mainly|entirely|all|now|still)\s+)?"
        r"(?i:written|built|implemented|coded)\s+(?i:in|with|using|on)\s+" + _BUILT_WITH,
        value="raw",
        items=_BUILT_WITH,
    ),
    # "We deploy on Kubernetes", "Our app is hosted on Vercel", "We run everything on AWS".
    make_rule(
        "uses",
        "deploy deploys deployed deploying host hosts hosted hosting run runs running",
        r"\b(?i:deploy|deploys|deployed|deploying|host|hosts|hosted|hosting|run|runs|running)"
        r"\s+(?:(?i:it|them|everything|all|mostly|our\s+\w+|the\s+\w+)\s+)?(?i:on|to)\s+"
        + rf"(?P<val>{SOFTWARE})",
        value="raw",
        items=rf"(?P<val>{SOFTWARE})",
    ),
)
