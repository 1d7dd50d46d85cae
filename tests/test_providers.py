"""OpenAI-compatible provider and deterministic fallback, against a real local HTTP server.

No HTTP client is mocked: every provider call goes over TCP to a threaded ``http.server`` on
127.0.0.1 that the test scripts to answer normally, hang, fail, or answer garbage.
"""

from __future__ import annotations

import base64
import json
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest
from pydantic import SecretStr, ValidationError

from nousmem.policies.protocols import Extractor
from nousmem.projections.models import Claim, Observation
from nousmem.runtime.errors import (
    ClosedError,
    InvalidInput,
    ProviderError,
    ProviderMalformed,
    ProviderTimeout,
    ProviderUnavailable,
)
from nousmem.runtime.providers import (
    ExtractionResult,
    FallbackExtractor,
    FallbackRecord,
    OpenAICompatibleProvider,
    ProviderConfig,
    error_kind,
)

API_KEY = "sk-test-SECRET-0123456789"
TIMEOUT = 0.3
# What a call that should answer is given: a loaded CI machine can take longer than TIMEOUT
# to serve even the loopback server's instant replies (a call timing out there would turn
# a test of something else into a flake).
ANSWER_TIMEOUT = 10.0


# --------------------------------------------------------------------------- test server


@dataclass(frozen=True)
class Reply:
    """What the fake endpoint does for one request."""

    status: int = 200
    body: bytes = b""
    content_type: str = "application/json"
    hang: bool = False  # wait (until teardown) without answering
    trickle: bool = False  # send headers, then the body one byte every 0.1 s
    headers: tuple[tuple[str, str], ...] = ()


def chat(content: str | None, **message: Any) -> Reply:
    """A well-formed chat-completions response whose message content is ``content``."""
    finish = message.pop("finish_reason", "stop")
    msg = {"role": "assistant", "content": content, **message}
    choice = {"index": 0, "message": msg, "finish_reason": finish}
    body = {"id": "x", "object": "chat.completion", "choices": [choice]}
    return Reply(body=json.dumps(body).encode())


def answer(obj: object) -> Reply:
    return chat(json.dumps(obj))


def raw(body: bytes | str, status: int = 200, content_type: str = "application/json") -> Reply:
    return Reply(status, body.encode() if isinstance(body, str) else body, content_type)


@dataclass
class FakeLLM:
    """A scripted OpenAI-compatible endpoint; replies are consumed in order, then ``default``."""

    base_url: str = ""
    script: list[Reply] = field(default_factory=list)
    default: Reply = field(default_factory=lambda: answer({"claims": []}))
    requests: list[dict[str, Any]] = field(default_factory=list)
    release: threading.Event = field(default_factory=threading.Event)

    def next_reply(self) -> Reply:
        return self.script.pop(0) if self.script else self.default


def _handler(fake: FakeLLM) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, format: str, *args: Any) -> None:
            pass

        def do_POST(self) -> None:
            data = self.rfile.read(int(self.headers.get("Content-Length", "0")))
            fake.requests.append(
                {"path": self.path, "headers": dict(self.headers), "json": json.loads(data)}
            )
            reply = fake.next_reply()
            if reply.hang:
                fake.release.wait(5)
                return
            self.send_response(reply.status)
            self.send_header("Content-Type", reply.content_type)
            self.send_header("Content-Length", str(len(reply.body)))
            for name, value in reply.headers:
                self.send_header(name, value)
            self.end_headers()
            if reply.trickle:
                for i in range(len(reply.body)):
                    if fake.release.wait(0.1):
                        return
                    self.wfile.write(reply.body[i : i + 1])
                    self.wfile.flush()
            else:
                self.wfile.write(reply.body)

    return Handler


class _Server(ThreadingHTTPServer):
    daemon_threads = True
    # socketserver's default backlog is 5: a burst of concurrent clients would see their
    # connects dropped and retried a second later, which is the server's delay, not theirs.
    request_queue_size = 64

    def handle_error(self, request: Any, client_address: Any) -> None:
        pass  # clients that time out close the socket under a hanging handler


@pytest.fixture
def llm() -> Iterator[FakeLLM]:
    fake = FakeLLM()
    server = _Server(("127.0.0.1", 0), _handler(fake))
    fake.base_url = f"http://127.0.0.1:{server.server_address[1]}/v1"
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.02})
    thread.start()
    try:
        yield fake
    finally:
        fake.release.set()
        server.shutdown()
        server.server_close()
        thread.join(2)


@pytest.fixture
def dead_url() -> str:
    """A URL on 127.0.0.1 where nothing listens."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    return f"http://127.0.0.1:{port}/v1"


def make(base_url: str, **kw: Any) -> OpenAICompatibleProvider:
    kw.setdefault("timeout_s", ANSWER_TIMEOUT)
    return OpenAICompatibleProvider(
        ProviderConfig(base_url=base_url, model="test-model", api_key=SecretStr(API_KEY), **kw)
    )


OBS = Observation(content="I work at Acme and I no longer play tennis.", actor="Alice")


class CallerClaims:
    """Deterministic stand-in for the rule extractor: returns the caller-supplied claims."""

    name = "caller"

    async def extract(self, obs: Observation) -> list[Claim]:
        return list(obs.claims)


# --------------------------------------------------------------------------- config


def test_config_normalises_validates_and_hides_the_key() -> None:
    cfg = ProviderConfig(base_url=" http://h:1/v1/ ", model="m", api_key=SecretStr(API_KEY))
    assert cfg.base_url == "http://h:1/v1"
    assert (cfg.timeout_s, cfg.max_retries, cfg.temperature, cfg.max_claims) == (10.0, 0, 0.0, 20)
    assert API_KEY not in repr(cfg) and API_KEY not in str(cfg.model_dump())
    with pytest.raises(ValidationError):
        cfg.__setattr__("model", "other")
    with pytest.raises(ValidationError, match="base_url"):
        ProviderConfig(base_url="ftp://h", model="m")
    with pytest.raises(ValidationError, match="timeout_s"):
        ProviderConfig(base_url="http://h", model="m", timeout_s=0)


# --------------------------------------------------------------------------- extract


async def test_extract_posts_chat_completion_and_returns_validated_claims(llm: FakeLLM) -> None:
    employer = {"entity": "Alice", "attribute": "employer", "value": "Acme", "confidence": 0.9}
    tennis = {"entity": "Alice", "attribute": "Plays", "value": "tennis", "polarity": "negate"}
    llm.script.append(answer({"claims": [employer, {**tennis, "change": True, "extra": 1}]}))
    async with make(llm.base_url, temperature=0.2) as provider:
        assert provider.name == "llm:test-model"
        claims = await provider.extract(OBS)

    assert [(c.entity, c.attribute, c.value, c.polarity, c.change) for c in claims] == [
        ("Alice", "employer", "Acme", "assert", False),
        ("Alice", "plays", "tennis", "negate", True),
    ]
    assert all(c.extractor == "llm:test-model" for c in claims)
    [req] = llm.requests
    assert req["path"] == "/v1/chat/completions"
    assert req["headers"]["Authorization"] == f"Bearer {API_KEY}"
    body = req["json"]
    assert body["model"] == "test-model" and body["temperature"] == 0.2
    assert body["response_format"] == {"type": "json_object"}
    system, user = body["messages"]
    assert system["role"] == "system" and '"Alice"' in system["content"]  # first person -> actor
    assert json.loads(user["content"])["content"] == OBS.content


async def test_extract_passes_caller_claims_first_and_drops_duplicates(llm: FakeLLM) -> None:
    given = Claim(entity="Alice", attribute="employer", value="Acme", confidence=1.0)
    dup = {"entity": "alice", "attribute": "employer", "value": "ACME"}
    llm.script.append(answer({"claims": [dup, {**dup, "attribute": "city", "value": "Oslo"}]}))
    async with make(llm.base_url) as provider:
        claims = await provider.extract(OBS.model_copy(update={"claims": (given,)}))
    assert claims[0] is given
    assert [(c.entity, c.attribute, c.value, c.extractor) for c in claims] == [
        ("Alice", "employer", "Acme", "caller"),
        ("alice", "city", "Oslo", "llm:test-model"),
    ]


async def test_extract_caps_at_max_claims_and_accepts_fences_and_scalars(llm: FakeLLM) -> None:
    items = [{"entity": "Bob", "attribute": f"a{i}", "value": i} for i in range(5)]
    llm.script.append(chat("```json\n" + json.dumps({"claims": items}) + "\n```"))
    async with make(llm.base_url, max_claims=3) as provider:
        claims = await provider.extract(Observation(content="Bob facts", actor="Bob"))
    assert [(c.attribute, c.value) for c in claims] == [("a0", "0"), ("a1", "1"), ("a2", "2")]
    assert "At most 3 claims" in llm.requests[0]["json"]["messages"][0]["content"]


# --------------------------------------------------------------------------- error mapping


# A hang, and a body that trickles in one byte per 0.1 s: each read is within httpx's read
# timeout, but timeout_s bounds the whole attempt.
@pytest.mark.parametrize("reply", [Reply(hang=True), Reply(body=b" " * 20, trickle=True)])
async def test_slow_server_raises_provider_timeout(llm: FakeLLM, reply: Reply) -> None:
    llm.script.append(reply)
    async with make(llm.base_url, timeout_s=TIMEOUT) as provider:
        started = time.perf_counter()
        with pytest.raises(ProviderTimeout, match=r"no answer within 0\.3s"):
            await provider.extract(OBS)
    assert time.perf_counter() - started < 1.5


@pytest.mark.parametrize(
    ("reply", "expected"),
    [
        (raw("boom", status=500, content_type="text/plain"), "HTTP 500"),
        (
            raw('{"error": {"code": "rate_limit_exceeded"}}', status=429),
            "HTTP 429 from provider (rate_limit_exceeded)",
        ),
        (raw('{"error": {"type": "invalid_api_key", "message": "bad"}}', status=401), "HTTP 401"),
        (raw("", status=302), "HTTP 302"),
    ],
)
async def test_http_errors_raise_unavailable_with_status(
    llm: FakeLLM, reply: Reply, expected: str
) -> None:
    llm.script.append(reply)
    async with make(llm.base_url) as provider:
        with pytest.raises(ProviderUnavailable) as info:
            await provider.extract(OBS)
    assert expected in str(info.value)


async def test_connection_refused_raises_unavailable_and_falls_back(dead_url: str) -> None:
    async with make(dead_url) as provider:
        with pytest.raises(ProviderUnavailable, match="cannot reach provider"):
            await provider.extract(OBS)
        result = await FallbackExtractor(provider, CallerClaims()).extract_with_fallback(OBS)
    assert result.fallback is not None and result.fallback.error == "unavailable"
    assert result.claims == () and error_kind(ProviderError("generic")) == "unavailable"


def _claims(**claim: Any) -> Reply:
    base = {"entity": "Alice", "attribute": "employer", "value": "Acme"}
    return answer({"claims": [{**base, **claim}]})


@pytest.mark.parametrize(
    ("reply", "expected"),
    [
        (raw("<html>gateway</html>", content_type="text/html"), "response body is not JSON"),
        (raw("[1, 2]"), "response body is a JSON list"),
        (raw('{"error": {"message": "overloaded"}}'), "no choices (body has an 'error' member)"),
        (raw('{"choices": []}'), "no choices"),
        (raw('{"choices": [{"text": "hi"}]}'), "choices[0] has no message"),
        (chat(None), "content is missing or empty"),
        (chat(None, refusal="no"), "model refused"),
        (chat("Sure! Alice works at Acme."), "content is not valid JSON"),
        (chat('{"claims": [', finish_reason="length"), "truncated"),
        (chat("[1, 2]"), "content is a JSON list"),
        (answer({"facts": []}), "claims answer has the wrong shape: claims: Field required"),
        (answer({"claims": {"a": 1}}), "claims: Input should be a valid list"),
        (answer({"claims": ["Alice works at Acme"]}), "claims.0"),
        (_claims(value=None), "claims.0.value"),
        (_claims(value=["a", "b"]), "claims.0.value"),
        (_claims(confidence=7), "claims.0.confidence"),
        (_claims(confidence=True), "claims.0.confidence"),
        (_claims(change="yes"), "claims.0.change"),
        (_claims(polarity="maybe"), "claims.0.polarity"),
        (_claims(attribute="Works At!!"), "claims.0.attribute"),
        (_claims(entity="   "), "claims.0.entity"),
    ],
)
async def test_malformed_answers_raise_malformed_naming_the_problem(
    llm: FakeLLM, reply: Reply, expected: str
) -> None:
    llm.script.append(reply)
    async with make(llm.base_url, max_retries=2) as provider:
        with pytest.raises(ProviderMalformed) as info:
            await provider.extract(OBS)
    assert expected in str(info.value)
    assert len(llm.requests) == 1  # malformed answers are not retried


async def test_retries_transient_failures_but_not_client_errors(llm: FakeLLM) -> None:
    llm.script += [raw("down", status=503), Reply(hang=True), _claims()]
    async with make(llm.base_url, max_retries=2, timeout_s=TIMEOUT) as provider:
        assert [c.value for c in await provider.extract(OBS)] == ["Acme"]
        assert len(llm.requests) == 3
        llm.default = raw("down", status=500)
        with pytest.raises(ProviderUnavailable, match="HTTP 500"):
            await provider.extract(OBS)
        assert len(llm.requests) == 6  # 1 + max_retries attempts
        llm.default = raw("{}", status=401)
        with pytest.raises(ProviderUnavailable, match="HTTP 401"):
            await provider.extract(OBS)
        assert len(llm.requests) == 7


# --------------------------------------------------------------------------- propose


async def test_propose_returns_validated_policy(llm: FakeLLM) -> None:
    policy = {
        "retrieval": {"question": "Where did Alice work?", "lens": "historical"},
        "forget": [{"targets": ["Alice.hobby=chess"], "verb": "inhibit", "reason": "stale"}],
    }
    llm.script.append(answer(policy))
    async with make(llm.base_url) as provider:
        out = await provider.propose("  Look up where Alice worked; stop using her hobby.  ")
        with pytest.raises(InvalidInput, match="text"):
            await provider.propose("   ")  # rejected before any request
    assert out == policy
    [req] = llm.requests
    system, user = req["json"]["messages"]
    assert '"consolidate"' in system["content"]
    assert user["content"] == "Look up where Alice worked; stop using her hobby."


@pytest.mark.parametrize(
    ("policy", "expected"),
    [
        ({"delete_everything": True}, "<unknown key>: Extra inputs are not permitted"),
        ({"writes": {"entity": "x"}}, "writes: Input should be a valid list"),
        ({"forget": ["Alice"]}, "forget.0"),
        ({"retrieval": ["x"]}, "retrieval"),
    ],
)
async def test_propose_rejects_wrong_shapes(
    llm: FakeLLM, policy: dict[str, object], expected: str
) -> None:
    llm.script.append(answer(policy))
    async with make(llm.base_url) as provider:
        with pytest.raises(ProviderMalformed, match="policy answer") as info:
            await provider.propose("do memory things")
    assert expected in str(info.value)


# --------------------------------------------------------------------------- lifecycle, security


async def test_closed_provider_raises_closed_error(llm: FakeLLM) -> None:
    provider = make(llm.base_url)
    async with provider:
        await provider.extract(OBS)
    await provider.aclose()  # idempotent
    with pytest.raises(ClosedError):
        await provider.extract(OBS)
    assert len(llm.requests) == 1


def test_missing_httpx_raises_unavailable_with_install_hint(
    monkeypatch: pytest.MonkeyPatch, llm: FakeLLM
) -> None:
    monkeypatch.setitem(sys.modules, "httpx", None)  # makes `import httpx` raise ImportError
    with pytest.raises(ProviderUnavailable, match=r"pip install 'nousmem\[llm\]'"):
        make(llm.base_url)


def test_importing_runtime_does_not_import_httpx() -> None:
    code = (
        "import sys, nousmem.runtime, nousmem.runtime.providers;"
        "sys.exit(1 if 'httpx' in sys.modules else 0)"
    )
    assert subprocess.run([sys.executable, "-c", code], timeout=30).returncode == 0


async def test_api_key_never_logged_or_in_errors(
    llm: FakeLLM, dead_url: str, log_events: list[dict[str, str]]
) -> None:
    llm.script += [_claims(), raw("nope", status=500), chat("not json")]
    errors: list[str] = []
    logs = log_events
    for url in (llm.base_url, llm.base_url, llm.base_url, dead_url):
        async with make(url, max_retries=0) as provider:
            assert API_KEY not in repr(provider)
            try:
                await provider.extract(OBS)
            except ProviderError as exc:
                errors.append(str(exc))
    key_url = llm.base_url.replace("http://", f"http://u:{API_KEY}@")
    config = ProviderConfig(base_url=key_url, model="test-model", timeout_s=ANSWER_TIMEOUT)
    async with OpenAICompatibleProvider(config) as provider:
        assert API_KEY not in repr(provider)
        await provider.extract(OBS)
    # The URL's credentials travel as Basic auth, not in the URL the client logs.
    sent = llm.requests[-1]
    basic = base64.b64encode(f"u:{API_KEY}".encode()).decode()
    assert sent["headers"]["Authorization"] == f"Basic {basic}"
    assert API_KEY not in sent["path"]
    assert len(errors) == 3 and logs
    assert API_KEY not in repr(logs) and not any(API_KEY in e for e in errors)
    assert {e["event"] for e in logs} >= {"provider.extracted", "provider.request_failed"}


# --------------------------------------------------------------------------- fallback


async def test_fallback_unused_when_primary_succeeds(llm: FakeLLM) -> None:
    llm.script.append(_claims())
    async with make(llm.base_url) as provider:
        fx = FallbackExtractor(provider, CallerClaims())
        result = await fx.extract_with_fallback(OBS)
    assert result == ExtractionResult(claims=tuple(result.claims), extractor="llm:test-model")
    assert [(c.value, c.extractor) for c in result.claims] == [("Acme", "llm:test-model")]
    assert result.fallback is None and not result.fell_back
    assert fx.name == "llm:test-model|caller"
    assert isinstance(provider, Extractor) and isinstance(fx, Extractor)
    async with make(llm.base_url) as provider:  # the wrapper nests: it is an Extractor itself
        assert await FallbackExtractor(FallbackExtractor(provider, fx), fx).extract(OBS) == []


GIVEN = Claim(entity="Alice", attribute="employer", value="Acme")


@pytest.mark.parametrize(
    ("reply", "kind", "exc_type"),
    [
        (Reply(hang=True), "timeout", ProviderTimeout),
        (raw("boom", status=500), "unavailable", ProviderUnavailable),
        (chat("I think Alice works at Acme"), "malformed", ProviderMalformed),
        (_claims(confidence=3), "malformed", ProviderMalformed),
    ],
)
async def test_fallback_on_provider_failure_is_recorded(
    llm: FakeLLM,
    reply: Reply,
    kind: str,
    exc_type: type[ProviderError],
    log_events: list[dict[str, str]],
) -> None:
    llm.script.append(reply)
    obs = OBS.model_copy(update={"claims": (GIVEN,)})
    async with make(llm.base_url, timeout_s=TIMEOUT) as provider:
        fx = FallbackExtractor(provider, CallerClaims())
        result = await fx.extract_with_fallback(obs)
        logs = log_events
        llm.script.append(reply)
        assert await fx.extract(obs) == [GIVEN]  # plain Extractor protocol
    assert result.claims == (GIVEN,) and result.extractor == "caller" and result.fell_back
    record = result.fallback
    assert isinstance(record, FallbackRecord)
    expected = {"provider": "llm:test-model", "error": kind, "fallback": "caller"}
    assert record.model_dump(exclude={"message"}) == expected and record.message
    assert error_kind(exc_type("x")) == kind
    assert any(e["event"] == "extractor.fallback" and e["error"] == kind for e in logs)
    with pytest.raises(ValidationError):
        record.__setattr__("message", "changed")


async def test_fallback_record_fits_the_journal_payload(dead_url: str) -> None:
    from nousmem.runtime.payloads import FallbackPayload

    async with make(dead_url) as provider:
        result = await FallbackExtractor(provider, CallerClaims()).extract_with_fallback(OBS)
    assert result.fallback is not None
    payload = FallbackPayload(**result.fallback.model_dump(), observation_id="obs-1")
    assert (payload.provider, payload.error, payload.fallback) == (
        "llm:test-model",
        "unavailable",
        "caller",
    )


async def test_fallback_deadline_applies_to_primary(llm: FakeLLM) -> None:
    llm.script.append(Reply(hang=True))
    async with make(llm.base_url, timeout_s=5.0) as provider:
        fx = FallbackExtractor(provider, CallerClaims(), timeout_s=TIMEOUT)
        started = time.perf_counter()
        result = await fx.extract_with_fallback(OBS)
    assert time.perf_counter() - started < 1.5
    assert result.fallback is not None and result.fallback.error == "timeout"
    with pytest.raises(ValueError, match="timeout_s"):
        FallbackExtractor(provider, CallerClaims(), timeout_s=0)


async def test_non_provider_errors_propagate(llm: FakeLLM) -> None:
    class Broken:
        name = "broken"

        async def extract(self, obs: Observation) -> list[Claim]:
            raise RuntimeError("fallback bug")

    provider = make(llm.base_url)
    await provider.aclose()
    with pytest.raises(ClosedError):  # misuse of the primary is not a provider outage
        await FallbackExtractor(provider, CallerClaims()).extract_with_fallback(OBS)
    llm.script.append(raw("boom", status=500))
    async with make(llm.base_url) as provider:
        with pytest.raises(RuntimeError, match="fallback bug"):
            await FallbackExtractor(provider, Broken()).extract_with_fallback(OBS)


def _rule_extractor() -> Callable[[], Extractor] | None:
    try:
        from nousmem.policies.extract import RuleExtractor  # type: ignore[import-not-found,unused-ignore]
    except ImportError:
        return None
    return RuleExtractor  # type: ignore[no-any-return,unused-ignore]


@pytest.mark.skipif(_rule_extractor() is None, reason="policies/extract.py not written yet")
async def test_rule_extractor_as_fallback(llm: FakeLLM) -> None:
    factory = _rule_extractor()
    assert factory is not None
    rules = factory()
    llm.script.append(raw("boom", status=502))
    obs = Observation(content="I work at Acme.", actor="Alice", claims=(GIVEN,))
    async with make(llm.base_url) as provider:
        result = await FallbackExtractor(provider, rules).extract_with_fallback(obs)
    assert result.fallback is not None and result.fallback.fallback == rules.name
    assert result.extractor == rules.name
    assert GIVEN in result.claims
    assert result.claims == tuple(await rules.extract(obs))  # deterministic


def test_an_api_key_and_credentials_in_base_url_are_refused_together() -> None:
    # Both would go in the Authorization header: one would be dropped without a word.
    with pytest.raises(ValidationError, match="not both"):
        ProviderConfig(base_url="http://u:pw@127.0.0.1:1/v1", model="m", api_key="sk-x")


async def test_a_content_encoding_header_is_not_quoted_back(llm: FakeLLM) -> None:
    llm.script.append(Reply(body=b"{}", headers=(("Content-Encoding", "sk-proj-" + "x" * 3000),)))
    async with make(llm.base_url, max_retries=0) as provider:
        with pytest.raises(ProviderError) as caught:
            await provider.extract(OBS)
    assert "sk-proj" not in str(caught.value) and len(str(caught.value)) < 200
