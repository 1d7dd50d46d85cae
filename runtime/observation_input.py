"""An observation as the runtime receives it: parsed, checked, its times made storable, and
the payload its ``observation`` event carries.

Split from ``runtime/core.py``, whose ``_parse_observation`` and ``_coerce_time`` call these
with the namespace and the :class:`~nousmem.runtime.config.InputConfig` of the runtime.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from pydantic import ValidationError

from nousmem.projections.models import Observation
from nousmem.runtime.canonical import canonical_json
from nousmem.runtime.errors import InvalidInput, NamespaceError, invalid_input_from_validation
from nousmem.runtime.inputs import check_depth, check_text, storable_time, utc_offset
from nousmem.runtime.payloads import ObservationPayload, TimeRef

if TYPE_CHECKING:
    from nousmem.runtime.config import InputConfig

__all__ = ["coerce_time", "observation_payload", "parse_observation"]


def coerce_time(value: datetime, field: str, config: InputConfig) -> datetime:
    """``value`` in UTC, checked to be storable; a naive one is refused or read as UTC, as
    ``config.naive_datetimes`` says."""
    if value.tzinfo is None or utc_offset(value, field) is None:
        if config.naive_datetimes == "reject":
            raise InvalidInput(
                "datetime has no timezone; pass an aware datetime or an ISO string with an"
                " offset, or set InputConfig.naive_datetimes='utc'",
                field=field,
            )
        value = value.replace(tzinfo=UTC)
    try:
        utc = value.astimezone(UTC)
    except OverflowError:  # e.g. 9999-12-31T23:00-05:00 is in the year 10000 in UTC
        raise InvalidInput(
            f"{value.isoformat()} is outside the years the journal stores", field=field
        ) from None
    return storable_time(utc, field)


def parse_observation(
    obs: Observation | dict[str, Any], namespace: str, config: InputConfig
) -> Observation:
    """``obs`` validated as an :class:`Observation` of ``namespace``, with its ``occurred_at``,
    metadata and text checked as the journal needs them."""
    if isinstance(obs, Observation):
        parsed = obs
    elif isinstance(obs, dict):
        try:
            parsed = Observation.model_validate(obs)
        except ValidationError as exc:
            raise invalid_input_from_validation(exc, prefix="observation") from None
    else:
        raise InvalidInput(
            f"expected an Observation or a dict, got {type(obs).__name__}", field="observation"
        )
    if parsed.namespace is not None and parsed.namespace != namespace:
        raise NamespaceError(
            f"observation is for namespace {parsed.namespace!r} but this runtime writes"
            f" {namespace!r}; use rt.scoped({parsed.namespace!r})",
            field="observation.namespace",
        )
    if parsed.occurred_at is not None:
        # Checked before anything resolves time expressions against it.
        coerce_time(parsed.occurred_at, "observation.occurred_at", config)
    # Before check_text, which recurses into the metadata.
    check_depth(parsed.metadata, "observation.metadata")
    check_text(parsed, "observation")
    try:
        if parsed.metadata:
            canonical_json(parsed.metadata)
    except (TypeError, ValueError) as exc:
        raise InvalidInput(
            f"metadata must be JSON-serialisable ({exc})", field="observation.metadata"
        ) from None
    return parsed


def observation_payload(obs: Observation, times: Sequence[TimeRef]) -> ObservationPayload:
    """The payload of ``obs``'s ``observation`` event, with the time expressions ``times``."""
    # Every field comes from the validated Observation (and typed TimeRefs): build the
    # payload without validating the same values a second time.
    return ObservationPayload.model_construct(
        type=obs.type,
        content=obs.content,
        source=obs.source,
        actor=obs.actor,
        ref=obs.ref,
        keywords=obs.keywords,
        claims=obs.claims,
        metadata=dict(obs.metadata),  # as validation would: not the caller's dict
        times=tuple(times),
    )
