"""The token estimate every budget uses: words and marks (``\\w+|[^\\w\\s]``) times 1.1.
ASCII text is counted without the regex; the count must be the regex's on any text, and
texts joined at whitespace must count the sum of their parts (packing relies on it)."""

from __future__ import annotations

import math
import re

from hypothesis import example, given, settings
from hypothesis import strategies as st

from nousmem.projections.token_estimate import count_tokens, token_units

_TOKENISH = re.compile(r"\w+|[^\w\s]")
_ascii = st.text(alphabet=st.characters(max_codepoint=127), max_size=200)
# The characters counted through the table (see ``retrieval._classes``), and a few beyond.
_tabled = st.text(
    alphabet=st.characters(max_codepoint=255)
    | st.characters(min_codepoint=0x2000, max_codepoint=0x206F)
    | st.sampled_from("🙂\ufe0f\u3000漢字"),
    max_size=200,
)
_whitespace = st.sampled_from([" ", "\t", "\n", "\r", "\x0b", "\x0c", "\x1c", "\x1f", "  "])


@settings(max_examples=500, deadline=None)
@given(_ascii | _tabled | st.text(max_size=200))
@example("- [3 May 2023] Alice: I went hiking, it was great! (yesterday = 2 May 2023)")
@example("snake_case_word 42nd ... ?!")
@example("\x1c\x1d\x1e\x1f\x7f\x00")
@example("café, naïve — “quoted”")
@example("[8 May 2023] Mel: … we went to the lake … it’s lovely\u00a0there 🙂\ufe0f …")
@example("\u2028\u2029\u200b\u2060 x\u2003y ½ ² ß")
@example("just past the table: x\u2070y\u207f, \u0100\u1fff\u2071 z")
@example("past it, and nothing else: x\u207ay\u207d \u2071")
def test_the_count_is_the_regexs(text: str) -> None:
    assert token_units(text) == len(_TOKENISH.findall(text))
    assert count_tokens(text) == math.ceil(len(_TOKENISH.findall(text)) * 1.1)


@settings(max_examples=300, deadline=None)
@given(_ascii | _tabled | st.text(max_size=80), _whitespace, _ascii | _tabled)
def test_texts_joined_at_whitespace_count_their_sum(a: str, gap: str, b: str) -> None:
    assert token_units(a + gap + b) == token_units(a) + token_units(b)
