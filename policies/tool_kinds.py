"""What well-known tools are for, so that one can take another's place.

``uses`` holds many tools at once (an editor, a tracker, a cloud), so a new tool takes no
other's place by itself. But a tool switched to ("We switched to Linear") takes the place of
the one held for the same job (Jira). :func:`tool_kind` names that job for a tool by its
name, with its version or not ("Postgres 15"); :func:`same_tool` tells two names of one tool
apart from two tools ("Postgres" and "PostgreSQL" are one).

Each kind holds tools that one seldom runs side by side for one job. Tools often used
together are kept apart ("Grafana" and "Prometheus", "Redis" and "Postgres"), and kinds
where people keep several at once are left out (messengers, programming languages).
"""

from __future__ import annotations

import re
from types import MappingProxyType

from nousmem.projections.belief_models import match_key

__all__ = ["KINDS", "same_tool", "tool_kind"]

# kind -> its tools; one line per tool, its names separated by "|" (the first is its own).
_TABLE: dict[str, tuple[str, ...]] = {
    "issue tracker": (
        "jira",
        "linear",
        "trello",
        "asana",
        "clickup",
        "monday.com|monday",
        "basecamp",
        "youtrack",
        "shortcut|clubhouse",
        "github issues",
        "pivotal tracker",
    ),
    "continuous integration": (
        "jenkins",
        "circleci|circle ci",
        "github actions",
        "gitlab ci|gitlab ci/cd",
        "travis ci|travis",
        "buildkite",
        "teamcity",
        "bamboo",
        "drone|drone ci",
        "azure pipelines",
        "bitbucket pipelines",
    ),
    "editor": (
        "vim",
        "neovim|nvim",
        "emacs",
        "vs code|vscode|visual studio code",
        "intellij|intellij idea",
        "pycharm",
        "webstorm",
        "sublime text|sublime",
        "atom",
        "zed",
        "cursor",
        "helix",
        "eclipse",
        "nano",
    ),
    "operating system": (
        "windows|windows 10|windows 11",
        "macos|mac os|os x|osx",
        "linux",
        "ubuntu",
        "debian",
        "fedora",
        "arch linux|arch",
        "linux mint|mint",
        "chromeos|chrome os",
    ),
    "team chat": (
        "slack",
        "microsoft teams|teams|ms teams",
        "mattermost",
        "hipchat",
        "zulip",
        "rocket.chat",
        "google chat",
    ),
    "video calls": ("zoom", "google meet|meet", "webex", "skype"),
    "notes": (
        "notion",
        "obsidian",
        "evernote",
        "onenote",
        "bear",
        "apple notes",
        "roam research|roam",
        "logseq",
        "google keep",
    ),
    "wiki": ("confluence",),
    "cloud": (
        "aws|amazon web services",
        "gcp|google cloud|google cloud platform",
        "azure|microsoft azure",
        "digitalocean",
        "linode",
        "hetzner",
    ),
    "app platform": ("heroku", "vercel", "netlify", "fly.io", "render", "railway"),
    "database": (
        "postgres|postgresql",
        "mysql",
        "mariadb",
        "sqlite",
        "mongodb|mongo",
        "dynamodb",
        "cockroachdb",
        "cassandra",
        "oracle database",
        "sql server|mssql",
    ),
    "code hosting": ("github", "gitlab", "bitbucket"),
    "browser": ("chrome|google chrome", "firefox", "safari", "edge", "brave", "arc", "opera"),
    "music streaming": (
        "spotify",
        "apple music",
        "tidal",
        "youtube music",
        "deezer",
        "pandora",
        "amazon music",
    ),
    "file storage": ("dropbox", "onedrive", "icloud|icloud drive", "google drive", "box"),
    "email": ("gmail", "outlook", "proton mail|protonmail|proton", "fastmail", "hey"),
    "javascript package manager": ("npm", "yarn", "pnpm"),
    "python packaging": ("pip", "poetry", "pipenv", "uv", "conda", "pdm"),
    "python tests": ("pytest", "unittest", "nose"),
    "javascript tests": ("jest", "mocha", "vitest", "jasmine"),
    "bundler": ("webpack", "vite", "rollup", "parcel", "esbuild", "turbopack"),
    "container orchestration": ("kubernetes|k8s", "nomad", "docker swarm", "ecs", "openshift"),
    "infrastructure as code": ("terraform", "pulumi", "cloudformation", "opentofu"),
    "frontend framework": ("react", "vue|vue.js", "angular", "svelte", "solid|solidjs"),
    "javascript runtime": ("node|node.js|nodejs", "deno", "bun"),
    "python web framework": ("django", "flask", "fastapi"),
    "design": ("figma", "sketch", "adobe xd"),
    "password manager": ("1password", "lastpass", "bitwarden", "dashlane", "keepass"),
    "shell": ("bash", "zsh", "fish"),
    "apm": ("datadog", "new relic", "dynatrace", "honeycomb", "appdynamics"),
    "error tracking": ("sentry", "rollbar", "bugsnag"),
    "paging": ("pagerduty", "opsgenie"),
    "version control": ("git", "svn|subversion", "mercurial", "perforce"),
    "search engine": ("elasticsearch", "opensearch", "algolia", "meilisearch", "typesense", "solr"),
    "message queue": ("kafka", "rabbitmq", "sqs|amazon sqs", "pulsar", "nats", "kinesis"),
    "data warehouse": ("snowflake", "bigquery", "redshift", "databricks"),
    "crm": ("salesforce", "hubspot", "pipedrive", "zoho"),
    "task manager": ("todoist", "things", "ticktick", "omnifocus", "microsoft to do|to do"),
    "phone": ("iphone", "android", "pixel|google pixel", "galaxy|samsung galaxy"),
}

#: Each kind and its tools' own names.
KINDS: MappingProxyType[str, tuple[str, ...]] = MappingProxyType(
    {kind: tuple(line.split("|")[0] for line in lines) for kind, lines in _TABLE.items()}
)

# name (a match key) -> (kind, the tool's own name)
_BY_NAME: dict[str, tuple[str, str]] = {
    name: (kind, line.split("|")[0])
    for kind, lines in _TABLE.items()
    for line in lines
    for name in line.split("|")
}
# A version after the name ("Postgres 15", "Node v20", "Windows 11" is a name of its own).
_VERSION = re.compile(r"\s+v?\d+(?:\.\d+)*$")


def _tool(value: str) -> tuple[str, str] | None:
    key = match_key(value)
    found = _BY_NAME.get(key)
    if found is None and key.startswith("the "):
        found = _BY_NAME.get(key[4:])
    if found is None:
        found = _BY_NAME.get(_VERSION.sub("", key))
    return found


def tool_kind(value: str) -> str | None:
    """The job the tool named ``value`` does ("Jira": ``issue tracker``), None when it is
    not a tool this module knows."""
    found = _tool(value)
    return None if found is None else found[0]


def same_tool(a: str, b: str) -> bool:
    """Whether ``a`` and ``b`` name one tool ("Postgres" and "PostgreSQL 16"), by the names
    this module knows, or else by their words."""
    ta, tb = _tool(a), _tool(b)
    if ta is not None and tb is not None:
        return ta[1] == tb[1]
    return match_key(a) == match_key(b)
