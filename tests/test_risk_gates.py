"""The risk scan skips patterns whose required literals are absent in ASCII text: it finds
exactly what the full scan finds."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from nousmem.policies.risk import _raw_findings
from tests.test_risk import AWS_EXAMPLE, GITHUB_LIKE, JWT_LIKE, OPENAI_LIKE, TEST_CARD

# Pieces of every pattern's branches, their required literals in other cases and near
# misses, so that random joins hit the patterns often and the gates at their edges.
_WORDS = st.sampled_from(
    [
        "ignore", "IGNORE", "previous", "instructions", "disregard", "the above", "new",
        "instructions:", "enable", "developer", "mode", "reveal", "your", "system prompt",
        "System", "prompt:", "act as a system", "pretend you are the system", "you are now",
        "You are now an", "unrestricted", "assistant", "from now on,", "you will", "know",
        "<|im_start|>", "<|system|>", "[INST]", "[/inst]", "<<SYS>>", "\n## system:\n", "#",
        "-----BEGIN RSA PRIVATE KEY-----", "-----END RSA PRIVATE KEY-----", AWS_EXAMPLE,
        OPENAI_LIKE, GITHUB_LIKE, JWT_LIKE, "Bearer abcdefghijklmnop1234", "bearer",
        "api_key", "=", ":", "token", "secret: a1b2c3d4e5f6g7", "password", "Password is",
        "pwd=hunter22", "pin:", "a@b.co", "dana@example.com", "+1 415 555 0199", TEST_CARD,
        "555-123-4567", "(555) 123-4567", "https://x.y/abc", "x" * 31, "Ab1" * 11, "xoxb-",
        "AIza", "glpat-", "sk-", "_", "ſystem", "K", "ıgnore", "İGNORE", "pıń", "’", "ok",
    ]
)  # fmt: skip
_SEPS = st.sampled_from([" ", "", "\n", " = ", ": ", "'", '"', ". "])


@settings(max_examples=400, deadline=None)
@given(parts=st.lists(st.tuples(_WORDS, _SEPS), max_size=8))
def test_gated_scan_finds_what_the_full_scan_finds(parts: list[tuple[str, str]]) -> None:
    text = "".join(w + s for w, s in parts)
    assert _raw_findings(text) == _raw_findings(text, gated=False)


@settings(max_examples=200, deadline=None)
@given(text=st.text(max_size=120))
def test_gated_scan_on_any_text(text: str) -> None:
    assert _raw_findings(text) == _raw_findings(text, gated=False)
