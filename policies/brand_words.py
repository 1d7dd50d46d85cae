"""Capitalised words that rules must not read as an employer or a home: apps, platforms
and software ("I left Reddit to join Discord" is no job, "I moved from Windows to Linux" no
move of home), family words ("to join Dad") and groups one joins that are no workplace (a
gym, a club, a church, a party). Used by ``policies/rules.py`` and ``policies/rules_roles.py``.
Regex alternations, each one group."""

from __future__ import annotations

from nousmem.policies.letters import LETTER, UPPER

__all__ = ["FAMILY_WORD", "GROUP_NAME", "PLATFORM", "SOFTWARE"]

# Apps and platforms people leave and join as users.
PLATFORM = (
    r"(?:Facebook|Twitter|X|Instagram|TikTok|Reddit|Discord|WhatsApp|Signal|Telegram|Snapchat"
    r"|Spotify|Apple\s+Music|Netflix|Hulu|Tinder|Hinge|Bumble|Mastodon|Bluesky|Threads|Gmail"
    r"|Outlook|Zoom|Teams|Slack|YouTube|Twitch|LinkedIn|Pinterest|Tumblr|Proton|Substack"
    r"|Medium|Strava|Duolingo|Noom|Peloton)"
)

# Software and services one moves to as a user ("moved from Windows to Linux"): a tool used,
# not a home. Not island- or place-like names ("Java", "Arch" alone would be ambiguous).
SOFTWARE = (
    r"(?:Linux|Windows|macOS|Mac|Ubuntu|Debian|Fedora|Android|iOS|Python|Rust|JavaScript"
    r"|TypeScript|React|Vue|Angular|Svelte|Excel|Google\s+Sheets|Google\s+Docs|Notion"
    r"|Obsidian|Evernote|Slack|Vim|Emacs|Neovim|VS\s+Code|PostgreSQL|Postgres|MySQL|SQLite"
    r"|MongoDB|Kubernetes|Docker|GitHub\s+Actions|GitHub|GitLab\s+CI|GitLab|Figma|Chrome"
    r"|Firefox|Safari|AWS|GCP|Google\s+Cloud|Azure|Heroku|Vercel|Netlify|Fly\.io|Render"
    r"|DigitalOcean|Cloudflare|Jira|Trello|Asana|Tidal|Dropbox|OneDrive|iCloud|Gmail|Outlook"
    r"|Linear|ClickUp|Confluence|Bitbucket|Basecamp|Airtable|Monday\.com|CircleCI|Jenkins"
    r"|Buildkite|Travis\s+CI|ArgoCD|Argo\s+CD|Terraform|Ansible|Nomad|OpenShift|Redis|Kafka"
    r"|RabbitMQ|Datadog|Grafana|Prometheus|Sentry|PagerDuty|Snowflake|BigQuery|Databricks"
    r"|IntelliJ|PyCharm|WebStorm|Sublime\s+Text|Xcode|Zed|Node(?:\.js)?|Deno|Django|Flask"
    r"|FastAPI|Rails|Ruby\s+on\s+Rails|Next\.js|Laravel|Spring\s+Boot|Java(?=\s+\d))(?!\w)"
)

# Family words written as names ("to join Dad", "moved out of Mom's").
FAMILY_WORD = r"(?:Mom|Mum|Dad|Mommy|Daddy|Grandma|Grandpa|Nana|Papa|Mother|Father)\b"

# A group one joins or leaves that is no workplace, by the word that ends its name ("Planet
# Fitness", "the Greens", "Alcoholics Anonymous"); up to two words before it.
GROUP_NAME = (
    rf"(?:[Tt]he\s+)?(?:[{UPPER}][{LETTER}'-]*\s+){{0,2}}(?:Gym|Fitness|Club|Church|Party"
    r"|Greens|Dems|Democrats|Republicans|Tories|Labour|Conservatives|Recovery|Anonymous"
    r"|Scouts)\b"
)
