"""structlog loggers that route through stdlib ``logging`` under the ``nousmem`` name.

A library must not configure structlog globally, so every logger here is wrapped
explicitly: applications see nousmem's records through ordinary ``logging`` configuration
(silent below WARNING by default) and can bind context as usual.
"""

from __future__ import annotations

import logging
from typing import Any

import structlog

_PROCESSORS: list[Any] = [
    # First, so a record below the stdlib level costs a level check, not a rendering.
    structlog.stdlib.filter_by_level,
    structlog.processors.add_log_level,
    structlog.processors.TimeStamper(fmt="iso", utc=True),
    structlog.processors.KeyValueRenderer(key_order=["event", "namespace", "seq", "trace_id"]),
]


def get_logger(name: str = "nousmem", **context: Any) -> Any:
    """A bound logger writing to the stdlib logger ``name`` with ``context`` bound."""
    return structlog.wrap_logger(
        logging.getLogger(name),
        processors=_PROCESSORS,
        wrapper_class=structlog.stdlib.BoundLogger,
    ).bind(**context)


def configure_cli_logging(verbosity: int) -> None:
    """Send nousmem's log records to stderr (used by the CLI's ``-v`` flag)."""
    level = logging.WARNING - 10 * max(0, min(verbosity, 2))
    handler = logging.StreamHandler()
    handler.setFormatter(logging.Formatter("%(message)s"))
    root = logging.getLogger("nousmem")
    root.handlers[:] = [handler]
    root.setLevel(level)
