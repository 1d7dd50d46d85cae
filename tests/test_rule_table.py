"""The rule table compiles each pattern on first use (policies/patterns.py ``Rule.regex``):
importing nousmem compiles none of its 500-odd patterns, an extraction compiles the rules
its text's anchors select, and every pattern still compiles with the groups it needs."""

from __future__ import annotations

import subprocess
import sys
import textwrap

from nousmem.policies.rules import RULES


def test_every_rule_pattern_compiles_with_a_value_group() -> None:
    for rule in RULES:
        groups = rule.regex.groupindex
        # A pet rule reads its value from the species and the name.
        assert "val" in groups or {"species", "petname"} <= set(groups), rule.pattern
        assert rule.items is None or "val" in rule.items.groupindex, rule.items_pattern


def test_a_rule_compiles_once_and_only_when_used() -> None:
    script = textwrap.dedent(
        """
        from datetime import UTC, datetime
        import nousmem.runtime
        from nousmem.policies import RuleExtractor
        from nousmem.policies.rules import RULES
        from nousmem.projections.models import Observation

        def compiled():
            return sum("regex" in vars(r) for r in RULES)

        print(compiled())
        obs = Observation(content="I work at Acme.", actor="Sam",
                          occurred_at=datetime(2024, 5, 1, tzinfo=UTC))
        claims = RuleExtractor().extract_sync(obs)
        print(compiled(), len(RULES), [(c.attribute, c.value) for c in claims])
        first = {id(r.regex) for r in RULES if "regex" in vars(r)}
        RuleExtractor().extract_sync(obs)
        print(first == {id(r.regex) for r in RULES if "regex" in vars(r)})
        """
    )
    out = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True, timeout=120
    ).stdout.split("\n")
    assert out[0] == "0"  # importing compiled no rule
    used, total, claims = out[1].split(" ", 2)
    assert 0 < int(used) < int(total) // 4
    assert claims == "[('employer', 'Acme')]"
    assert out[2] == "True"  # the second extraction reused the compiled patterns
