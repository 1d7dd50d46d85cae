"""Names of apps, platforms and software, which rules must not read as an employer or a
home: "I left Reddit to join Discord" is no job, "I moved from Windows to Linux" no move of
home (``policies/rules.py``, ``policies/rules_roles.py``). Regex alternations, each one
group."""

from __future__ import annotations

__all__ = ["PLATFORM", "SOFTWARE"]

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
    r"|MongoDB|Kubernetes|Docker|GitHub|GitLab|Figma|Chrome|Firefox|Safari|AWS|GCP|Azure"
    r"|Heroku|Vercel|Jira|Trello|Asana|Tidal|Dropbox|OneDrive|iCloud|Gmail|Outlook)"
)
