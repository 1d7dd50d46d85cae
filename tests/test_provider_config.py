"""ProviderConfig refuses what would fail every call later, and never shows its credentials;
a response body that does not decode is a provider failure like any other (a real loopback
server, as in test_providers.py)."""

from __future__ import annotations

import re

import pytest
from pydantic import SecretStr, ValidationError

from nousmem.runtime import InvalidInput, MemoryRuntime, RuntimeConfig
from nousmem.runtime.errors import ProviderMalformed
from nousmem.runtime.providers import FallbackExtractor, OpenAICompatibleProvider, ProviderConfig
from tests.test_providers import OBS, CallerClaims, FakeLLM, Reply, answer, llm

__all__ = ["llm"]  # the fixture, imported so pytest finds it here

SHORT_KEY = "tok-9f8e7d6c5b"
LONG_KEY = "sk-proj-" + "x" * 60 + "TAILSECRET0123456789abcd"


@pytest.mark.parametrize("key", [SHORT_KEY, LONG_KEY])
def test_a_config_error_never_shows_the_key(key: str) -> None:
    # A missing field made pydantic print the whole input dict, key included.
    with pytest.raises(ValidationError, match="model") as info:
        ProviderConfig(base_url="http://gw:8/v1", api_key=key)  # type: ignore[call-arg]
    assert key[-20:] not in str(info.value) and key[-20:] not in repr(info.value.errors())
    with pytest.raises(ValidationError, match="model") as info:
        RuntimeConfig(provider={"base_url": "http://gw/v1", "api_key": key})  # type: ignore[arg-type]
    assert key[-20:] not in str(info.value) and key[-20:] not in repr(info.value.errors())


def test_repr_hides_credentials_in_the_base_url() -> None:
    cfg = ProviderConfig(base_url="http://user:hunter2@gw:8080/v1", model="m")
    assert "hunter2" not in repr(cfg) and "hunter2" not in str(cfg)
    assert "gw:8080/v1" in repr(cfg)
    assert cfg.base_url == "http://user:hunter2@gw:8080/v1"  # still what requests use


@pytest.mark.parametrize(
    ("url", "problem"),
    [
        ("http://localhost:99999/v1", "invalid host or port"),
        ("http://localhost:abc/v1", "invalid host or port"),
        ("http://[::1/v1", "invalid host or port"),
        ("http://localhost:0/v1", "port 0"),
        ("http://:8080/v1", "http(s) URL"),
        ("http://gate way/v1", "spaces or control characters"),
        ("http://gw/v1?api-version=1", "query or fragment"),
    ],
)
async def test_a_base_url_that_cannot_be_requested_is_refused_up_front(
    url: str, problem: str
) -> None:
    with pytest.raises(ValidationError, match="base_url") as info:
        ProviderConfig(base_url=url, model="m")
    assert problem in str(info.value)
    with pytest.raises(InvalidInput, match=re.escape(problem)) as refused:
        await MemoryRuntime.memory(config={"provider": {"base_url": url, "model": "m"}})
    assert refused.value.field == "config.provider.base_url"


async def test_a_key_read_from_a_file_is_sent_without_its_newline(llm: FakeLLM) -> None:
    llm.script.append(answer({"claims": []}))
    cfg = ProviderConfig(base_url=llm.base_url, model="m", api_key="sk-local-0123456789\n")
    assert cfg.api_key is not None and cfg.api_key.get_secret_value() == "sk-local-0123456789"
    async with OpenAICompatibleProvider(cfg) as provider:
        await provider.extract(OBS)
    [req] = llm.requests
    assert req["headers"]["Authorization"] == "Bearer sk-local-0123456789"


@pytest.mark.parametrize(
    ("key", "problem"), [("clé-1234", "HTTP header"), ("a\x00b", "HTTP header"), (" \n", "blank")]
)
def test_a_key_no_header_can_carry_is_refused_without_quoting_it(key: str, problem: str) -> None:
    with pytest.raises(ValidationError, match="api_key") as info:
        ProviderConfig(base_url="http://gw/v1", model="m", api_key=SecretStr(key))
    assert problem in str(info.value)
    assert key.strip() == "" or key not in str(info.value)


async def test_a_body_that_does_not_decode_is_malformed_and_falls_back(llm: FakeLLM) -> None:
    broken = Reply(body=b"certainly not compressed", headers=(("Content-Encoding", "gzip"),))
    llm.script += [broken, broken]
    cfg = ProviderConfig(base_url=llm.base_url, model="m", timeout_s=2, max_retries=2)
    async with OpenAICompatibleProvider(cfg) as provider:
        with pytest.raises(ProviderMalformed, match="does not decode"):
            await provider.extract(OBS)
        assert len(llm.requests) == 1  # a broken answer is not retried
        result = await FallbackExtractor(provider, CallerClaims()).extract_with_fallback(OBS)
    assert result.fallback is not None and result.fallback.error == "malformed"
