"""An OpenAI-compatible chat-completions provider: LLM claim extraction and policy proposals.

This module is the single place where httpx errors are translated into the nousmem error
hierarchy. httpx is imported lazily, so ``import nousmem.runtime`` works without the ``llm``
extra; constructing :class:`OpenAICompatibleProvider` without it raises
:class:`~nousmem.runtime.errors.ProviderUnavailable`.

Nothing the model says is trusted: answers are parsed and validated with pydantic, and error
messages describe *what* was wrong (field paths, HTTP status) without echoing model output,
prompts or credentials.
"""

from __future__ import annotations

import asyncio
import json
import time
from typing import TYPE_CHECKING, Any

from pydantic import ValidationError

from nousmem.policies.memory_policy import MemoryPolicy
from nousmem.projections.belief_models import match_key
from nousmem.projections.models import Claim, Observation
from nousmem.runtime.errors import (
    ClosedError,
    InvalidInput,
    ProviderError,
    ProviderMalformed,
    ProviderTimeout,
    ProviderUnavailable,
)
from nousmem.runtime.logging import get_logger
from nousmem.runtime.providers.body import BoundedBody, undecodable
from nousmem.runtime.providers.config import redact_url, split_user_info
from nousmem.runtime.providers.wire import (
    EXTRACT_SYSTEM,
    PROPOSE_SYSTEM,
    ClaimsAnswer,
    PolicyAnswer,
    describe_validation,
    error_code,
    parse_completion,
)

if TYPE_CHECKING:
    import httpx

    from nousmem.runtime.providers.config import ProviderConfig

__all__ = ["POLICY_KEYS", "OpenAICompatibleProvider"]

_log = get_logger(__name__)

_INSTALL_HINT = "httpx is not installed; install the LLM extra with: pip install 'nousmem[llm]'"
_RETRYABLE_STATUS = frozenset({408, 409, 425, 429})
_BACKOFF_S = 0.05
POLICY_KEYS: tuple[str, ...] = ("retrieval", "writes", "forget", "consolidate")


def _claim_key(c: Claim) -> tuple[str, str, str, str]:
    return (match_key(c.entity), c.attribute, match_key(c.value), c.polarity)


class OpenAICompatibleProvider:
    """Async client for any OpenAI-compatible ``/chat/completions`` endpoint.

    Implements the :class:`~nousmem.policies.protocols.Extractor` protocol (``name``,
    ``extract``) and offers :meth:`propose` for policy planning. Use it as an async context
    manager or call :meth:`aclose`. Every failure surfaces as a
    :class:`~nousmem.runtime.errors.ProviderError` subclass, so callers can fall back to the
    deterministic path (see :class:`~nousmem.runtime.providers.FallbackExtractor`).
    """

    deterministic: bool = False

    def __init__(self, config: ProviderConfig) -> None:
        """Create the provider; raises ProviderUnavailable when httpx is not installed."""
        try:
            import httpx
        except ImportError:
            raise ProviderUnavailable(_INSTALL_HINT) from None
        self.config = config
        self.name: str = f"llm:{config.model}"
        # No compressed answers: a small gzip body can inflate past the size cap inside one
        # decoded chunk, before the cap is checked.
        headers = {
            "Accept": "application/json",
            "Accept-Encoding": "identity",
            "User-Agent": "nousmem",
        }
        if config.api_key is not None:
            headers["Authorization"] = f"Bearer {config.api_key.get_secret_value()}"
        # Credentials in the URL travel as Basic auth, never in the URL httpx logs.
        url, basic = split_user_info(f"{config.base_url}/chat/completions")
        self._url = url
        self._client: httpx.AsyncClient = httpx.AsyncClient(
            headers=headers,
            auth=None if basic is None else httpx.BasicAuth(*basic),
            timeout=httpx.Timeout(config.timeout_s),
            follow_redirects=False,
        )
        self._closed = False

    def __repr__(self) -> str:
        return f"OpenAICompatibleProvider(name={self.name!r}, url={redact_url(self._url)!r})"

    async def __aenter__(self) -> OpenAICompatibleProvider:
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.aclose()

    async def aclose(self) -> None:
        """Close the underlying HTTP connection pool. Idempotent."""
        if not self._closed:
            self._closed = True
            await self._client.aclose()

    def _logger(self, op: str) -> Any:
        return _log.bind(provider=self.name, url=redact_url(self._url), op=op)

    async def extract(self, obs: Observation) -> list[Claim]:
        """Extract claims from ``obs`` with the model.

        Caller-supplied ``obs.claims`` come first, unchanged; model claims follow (at most
        ``config.max_claims``, duplicates of caller claims dropped), tagged
        ``extractor=self.name``. First person is resolved to ``obs.actor`` (or ``obs.source``).
        """
        actor = obs.actor or obs.source
        system = EXTRACT_SYSTEM.format(
            actor=json.dumps(actor, ensure_ascii=False), max_claims=self.config.max_claims
        )
        payload: dict[str, object] = {
            "type": obs.type,
            "source": obs.source,
            "actor": actor,
            "content": obs.content,
        }
        if obs.occurred_at is not None:
            payload["occurred_at"] = obs.occurred_at.isoformat()
        answer = await self._complete(system, json.dumps(payload, ensure_ascii=False), "extract")
        try:
            wire = ClaimsAnswer.model_validate(answer).claims
        except ValidationError as exc:
            raise ProviderMalformed(describe_validation(exc, "claims answer")) from None
        model_claims: list[Claim] = []
        for i, w in enumerate(wire[: self.config.max_claims]):
            try:
                model_claims.append(Claim(**w.model_dump(), extractor=self.name))
            except ValidationError as exc:
                msg = describe_validation(exc, "claims answer", prefix=f"claims.{i}")
                raise ProviderMalformed(msg) from None
        log = self._logger("extract")
        if len(wire) > self.config.max_claims:
            log.warning("provider.claims_truncated", returned=len(wire), kept=len(model_claims))
        out = list(obs.claims)
        seen = {_claim_key(c) for c in out}
        for c in model_claims:
            if _claim_key(c) not in seen:
                seen.add(_claim_key(c))
                out.append(c)
        log.info("provider.extracted", caller_claims=len(obs.claims), claims=len(out))
        return out

    async def propose(self, text: str) -> dict[str, object]:
        """Turn a planner's free-text memory intent into a loosely validated policy dict.

        The result has only the keys ``retrieval`` (object), ``writes``, ``forget`` and
        ``consolidate`` (lists of objects) and ``rationale``, each present only if the model
        produced it, in the shape :class:`~nousmem.policies.memory_policy.MemoryPolicy`
        validates. Each write's ``source`` is this provider's name, whatever the model said.
        The runtime validates it again before anything is written.
        """
        if not isinstance(text, str) or not text.strip():
            raise InvalidInput("must be a non-empty string", field="text")
        answer = await self._complete(PROPOSE_SYSTEM, text.strip(), "propose")
        try:
            policy = PolicyAnswer.model_validate(answer)
            out: dict[str, object] = policy.model_dump(exclude_none=True)
            if policy.writes is not None:
                # A write's source sets its trust: the model's own, never one it names.
                out["writes"] = [{**w, "source": self.name} for w in policy.writes]
            # The runtime's own model: an answer it would refuse is malformed here, named
            # by field and never quoted (the model may echo what it should not).
            MemoryPolicy.model_validate(out)
        except ValidationError as exc:
            raise ProviderMalformed(describe_validation(exc, "policy answer")) from None
        self._logger("propose").info("provider.proposed", keys=sorted(out))
        return out

    async def _complete(self, system: str, user: str, op: str) -> dict[str, Any]:
        """POST one chat completion (with retries) and return the parsed JSON answer."""
        if self._closed:
            raise ClosedError(f"provider {self.name} is closed")
        body = {
            "model": self.config.model,
            "messages": [
                {"role": "system", "content": system},
                {"role": "user", "content": user},
            ],
            "temperature": self.config.temperature,
            "response_format": {"type": "json_object"},
        }
        log = self._logger(op)
        attempts = self.config.max_retries + 1
        for attempt in range(1, attempts + 1):
            started = time.perf_counter()
            try:
                raw = await self._post_once(body)
            except _Failure as failure:
                retry = failure.retryable and attempt < attempts
                log.warning(
                    "provider.request_failed",
                    attempt=attempt,
                    error=type(failure.error).__name__,
                    reason=str(failure.error),
                    elapsed_ms=round((time.perf_counter() - started) * 1000, 1),
                    will_retry=retry,
                )
                if not retry:
                    raise failure.error from None
                await asyncio.sleep(_BACKOFF_S * 2 ** (attempt - 1))
                continue
            elapsed_ms = round((time.perf_counter() - started) * 1000, 1)
            log.debug("provider.response", attempt=attempt, bytes=len(raw), elapsed_ms=elapsed_ms)
            try:
                return parse_completion(raw)
            except ProviderMalformed as exc:
                log.warning("provider.malformed", attempt=attempt, reason=str(exc))
                raise
        raise AssertionError("unreachable")  # pragma: no cover

    async def _post_once(self, body: dict[str, object]) -> bytes:
        """One HTTP attempt; every httpx failure is translated here and nowhere else."""
        import httpx

        timeout_s = self.config.timeout_s
        try:
            async with (
                asyncio.timeout(timeout_s),
                self._client.stream("POST", self._url, json=body) as resp,
            ):
                try:
                    body_reader = BoundedBody(resp.headers.get("content-encoding", ""))
                    async for chunk in resp.aiter_raw():
                        body_reader.feed(chunk)
                    raw = body_reader.done()
                except ProviderMalformed:
                    if resp.status_code < 300:
                        raise
                    # An error's body only lends its code: one that is too large or does
                    # not decode leaves the status to speak (and to decide the retry).
                    raw = b""
        except ProviderMalformed as exc:  # the body: too large, or it does not decode
            raise _Failure(exc, False) from None
        except (TimeoutError, httpx.TimeoutException):
            raise _Failure(ProviderTimeout(f"no answer within {timeout_s:g}s"), True) from None
        except httpx.TransportError as exc:
            # ConnectError, ReadError, RemoteProtocolError, ...: the endpoint is not reachable.
            msg = f"cannot reach provider ({type(exc).__name__})"
            raise _Failure(ProviderUnavailable(msg), True) from None
        except httpx.DecodingError:
            raise _Failure(undecodable(), False) from None
        except (httpx.HTTPError, httpx.InvalidURL) as exc:
            # The rest of httpx's family (TooManyRedirects, ...): never a raw httpx error.
            msg = f"HTTP client error ({type(exc).__name__})"
            raise _Failure(ProviderUnavailable(msg), False) from None
        except RuntimeError as exc:
            if self._client.is_closed:
                raise ClosedError(f"provider {self.name} is closed") from None
            msg = f"HTTP client error ({type(exc).__name__})"
            raise _Failure(ProviderUnavailable(msg), False) from None
        status = resp.status_code
        if status >= 400:
            code = error_code(raw)
            key = self.config.api_key.get_secret_value() if self.config.api_key else ""
            if code and key and (key in code or (len(code) >= 8 and code in key)):  # an echo
                code = None
            detail = f" ({code})" if code else ""
            retryable = status >= 500 or status in _RETRYABLE_STATUS
            raise _Failure(ProviderUnavailable(f"HTTP {status} from provider{detail}"), retryable)
        if status >= 300:
            msg = f"HTTP {status} from provider (redirects are not followed)"
            raise _Failure(ProviderUnavailable(msg), False)
        return raw


class _Failure(Exception):
    """Internal: one failed attempt, carrying the public error and whether to retry."""

    def __init__(self, error: ProviderError, retryable: bool) -> None:
        super().__init__(str(error))
        self.error = error
        self.retryable = retryable
