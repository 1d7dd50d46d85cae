"""Runtime configuration: pydantic models with defaults. Named presets live in ``presets.py``."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from nousmem.policies.consolidation import SleepConfig
from nousmem.policies.date_order import DateOrder
from nousmem.policies.impact import ImpactWeights
from nousmem.policies.router import RouterConfig
from nousmem.projections.belief_models import BeliefParams, source_key
from nousmem.projections.config_types import CONFIG, Days, Unit
from nousmem.projections.lifecycle import LifecycleConfig
from nousmem.projections.retrieval import RetrievalConfig
from nousmem.projections.schema import DEFAULT_SCHEMA, AttributeSchema
from nousmem.projections.worldview_models import WorldviewConfig
from nousmem.runtime.providers.config import ProviderConfig, hide_api_key


class JournalConfig(BaseModel):
    """Storage settings. ``durability`` maps to SQLite's ``PRAGMA synchronous``."""

    model_config = CONFIG

    durability: Literal["full", "normal", "off"] = "full"
    busy_timeout_s: float = Field(default=60.0, gt=0, le=86_400)
    postings_in_memory: bool = False
    """Rank a read's lexical hits from postings held in memory (FTS5's own scores, the same
    hits) instead of FTS5's ranked statement: ~5x faster searches once a word's postings
    are read, for memory (at most ~16 bytes per searched word per row) and a first read of
    each word (~3-6 ms per 10,000 rows) and of the row lengths (~0.1-0.2 s at 100k events).
    Worth it in a long-lived process that reads often; see docs/performance.md."""
    inline_stall_ms: float | None = Field(default=2.0, gt=0, le=1000)
    """At ``durability="full"``, a lone writer's commit (no other write waiting) runs on the
    event loop's thread, disk sync included, while such commits take at most this many
    milliseconds on average: it saves the two thread wake-ups of a commit on the worker
    (~0.2 ms), about a fifth of a sequential ``observe``. The average weighs each commit
    1/8, so an occasional slow sync is a hiccup, while a run of them or one over ~8 times
    this (a slow disk) sends the next 256 commits to the worker thread, then the loop tries
    again, and a first commit back over this sends them there again. None: every commit at
    "full" runs on the worker, and the loop never waits for a sync. ("normal" and "off"
    always commit there when they may: they do not sync.)"""


class InputConfig(BaseModel):
    """What the runtime accepts at its public entry points."""

    model_config = CONFIG

    max_payload_bytes: int = Field(default=64 * 1024, ge=256)
    # "reject": a datetime without a timezone is an error; "utc": it is read as UTC.
    naive_datetimes: Literal["reject", "utc"] = "reject"
    max_future_skew_s: float | Literal["auto"] | None = "auto"
    """An observation's ``occurred_at`` may be at most this many seconds after the runtime's
    clock; later is refused, since nothing observed has happened yet, and a time ahead (a
    local time labelled UTC) would make every later turn fold before it as older history.
    ``"auto"``: 300 s with the wall clock (:class:`~nousmem.runtime.clock.SystemClock`, the
    default; two hosts' clocks differ a little), no limit with any other clock (a
    :class:`~nousmem.runtime.clock.FixedClock` runs a simulation or a test, whose events may
    be dated anywhere). None: no limit."""

    date_order: DateOrder | None = None
    """How a date in figures whose order the text does not show is read, in content and in
    questions: ``"mdy"`` reads "5/8/2023" as 8 May (as in the US), ``"dmy"`` as 5 August.
    None: such a date is no date ("3/14/2023" and "14/3/2023" are read either way: one part
    is over 12)."""

    @field_validator("max_future_skew_s", mode="before")
    @classmethod
    def _skew(cls, v: object) -> object:
        number = isinstance(v, int | float) and not isinstance(v, bool)
        if not (v is None or v == "auto" or (number and 0.0 <= float(v) <= 1e9)):  # type: ignore[arg-type]
            raise ValueError("must be 'auto', None or a number of seconds in 0..1e9")
        return v


class TrustConfig(BaseModel):
    """Per-source trust in [0, 1]. ``tool:search`` falls back to ``tool`` then ``default``."""

    model_config = CONFIG

    sources: dict[str, Unit] = Field(
        default_factory=lambda: {
            "system": 0.95,
            "user": 0.9,
            "tool": 0.8,
            "agent": 0.7,
            # The other name agents write as (``policies/agent_echoes.ECHO_SOURCES``).
            "assistant": 0.7,
            "document": 0.75,
            "web": 0.5,
            "anonymous": 0.3,
        }
    )
    default: float = Field(default=0.5, ge=0.0, le=1.0)

    def trust(self, source: str) -> float:
        """Trust of ``source``: the source as configured, else in another spelling (letter
        case, full-width letters, invisible characters: see ``source_key``), else its prefix
        before ``:`` (as configured, then in another spelling), else ``default``. Among keys
        spelled alike, the lowercase one answers."""
        folded = source_key(source)
        pairs = [(source, folded)]
        if ":" in folded:
            pairs.append((source.split(":", 1)[0], folded.split(":", 1)[0]))
        for key, key_folded in pairs:
            if key in self.sources:
                return self.sources[key]
            spellings = [k for k in self.sources if source_key(k) == key_folded]
            if spellings:
                return self.sources[min(spellings, key=lambda k: (k != k.casefold(), k))]
        return self.default


class TtlConfig(BaseModel):
    """Time-to-live by observation type, in days of event time (None: no TTL).

    Attribute TTLs live in the attribute schema (``AttributeSpec.ttl_days``).
    """

    model_config = CONFIG

    observation_types: dict[str, Days] = Field(default_factory=dict)

    def for_type(self, obs_type: str | None) -> float | None:
        if obs_type is None:
            return None
        return self.observation_types.get(obs_type)


class RuntimeConfig(BaseModel):
    """Everything configurable about a runtime. Every field has a working default."""

    # The provider section holds an API key: a ValidationError must not print the input.
    model_config = ConfigDict(**CONFIG, hide_input_in_errors=True)

    journal: JournalConfig = Field(default_factory=JournalConfig)
    input: InputConfig = Field(default_factory=InputConfig)
    trust: TrustConfig = Field(default_factory=TrustConfig)
    router: RouterConfig = Field(default_factory=RouterConfig)
    impact: ImpactWeights = Field(default_factory=ImpactWeights)
    beliefs: BeliefParams = Field(default_factory=BeliefParams)
    attributes: AttributeSchema = Field(default_factory=lambda: DEFAULT_SCHEMA)
    worldview: WorldviewConfig = Field(default_factory=WorldviewConfig)
    lifecycle: LifecycleConfig = Field(default_factory=LifecycleConfig)
    retrieval: RetrievalConfig = Field(default_factory=RetrievalConfig)
    ttl: TtlConfig = Field(default_factory=TtlConfig)
    sleep: SleepConfig = Field(default_factory=SleepConfig)
    provider: ProviderConfig | None = None
    """An OpenAI-compatible LLM used as extractor and planner, with the rule extractor and
    the deterministic planner as journaled fallbacks (needs ``nousmem[llm]``)."""

    @model_validator(mode="before")
    @classmethod
    def _hide_key(cls, data: Any) -> Any:
        # Any section's error lists the whole input, the provider's key with it.
        if isinstance(data, dict) and isinstance(data.get("provider"), dict):
            return {**data, "provider": hide_api_key(data["provider"])}
        return data
