"""Connection and sampling settings for an OpenAI-compatible endpoint, checked whole when set.

Split from ``runtime/providers/openai.py``. The settings hold credentials (an API key, a
base URL that may embed ``user:password@``): :func:`hide_api_key` keeps a plain-string key
out of validation errors and :func:`redact_url` gives the form of a URL that is safe to log.
"""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import unquote, urlsplit, urlunsplit

from pydantic import BaseModel, ConfigDict, Field, SecretStr, field_validator, model_validator

from nousmem.projections.config_types import CONFIG

__all__ = ["ProviderConfig", "hide_api_key", "redact_url"]

_URL_EXAMPLE = "such as 'https://api.openai.com/v1'"
_NOT_IN_URL = re.compile(r"[\x00-\x20\x7f]")  # whitespace and control characters


class ProviderConfig(BaseModel):
    """Connection and sampling settings for an OpenAI-compatible endpoint.

    ``base_url`` is the API root (``https://api.openai.com/v1``, ``http://localhost:11434/v1``);
    requests go to ``{base_url}/chat/completions``. ``timeout_s`` bounds each attempt as a whole
    and ``max_retries`` extra attempts are made after timeouts, connection errors, HTTP 5xx and
    408/409/425/429. The API key is a :class:`~pydantic.SecretStr`; it never appears in reprs,
    logs or error messages.
    """

    # The input holds the key: a ValidationError must not print it (pydantic shows the
    # input dict of a missing field, key included).
    model_config = ConfigDict(**CONFIG, hide_input_in_errors=True)

    base_url: str = Field(min_length=1, max_length=2000)
    model: str = Field(min_length=1, max_length=200)
    api_key: SecretStr | None = None
    timeout_s: float = Field(default=10.0, gt=0.0, le=600.0)
    max_retries: int = Field(default=0, ge=0, le=10)
    temperature: float = Field(default=0.0, ge=0.0, le=2.0)
    max_claims: int = Field(default=20, ge=1, le=200)

    @model_validator(mode="before")
    @classmethod
    def _hide_key(cls, data: Any) -> Any:
        return hide_api_key(data)

    @field_validator("base_url")
    @classmethod
    def _base_url(cls, v: str) -> str:
        # Checked whole here: a URL that fails later fails every write, with an error that
        # does not name the setting. Messages never quote it (it may hold credentials).
        v = v.strip().rstrip("/")
        if _NOT_IN_URL.search(v):
            raise ValueError("base_url must not contain spaces or control characters")
        try:
            parts = urlsplit(v)
            port = parts.port
        except ValueError:
            raise ValueError(
                "base_url has an invalid host or port (a port is a number in 1-65535)"
            ) from None
        if parts.scheme not in ("http", "https") or not parts.hostname:
            raise ValueError(f"base_url must be an http(s) URL {_URL_EXAMPLE}")
        if port == 0:
            raise ValueError("base_url has port 0; ports are 1-65535")
        if parts.query or parts.fragment:
            raise ValueError(
                "base_url must not have a query or fragment: requests go to"
                " {base_url}/chat/completions"
            )
        return v

    @field_validator("api_key")
    @classmethod
    def _api_key(cls, v: SecretStr | None) -> SecretStr | None:
        # A key read from a file keeps its newline, which no HTTP header can carry: every
        # call would fail as "cannot reach provider". Messages never quote the key.
        if v is None:
            return None
        key = v.get_secret_value()
        stripped = key.strip()
        if not stripped:
            raise ValueError("api_key is blank; pass None for a server without auth")
        if not stripped.isascii() or not stripped.isprintable():
            raise ValueError(
                "api_key holds a character an HTTP header cannot carry (non-ASCII or control)"
            )
        return v if stripped == key else SecretStr(stripped)

    @model_validator(mode="after")
    def _one_credential(self) -> ProviderConfig:
        # Both would go in the Authorization header; httpx would send the URL's and drop
        # the key without a word, and every call would fail as unauthorised.
        if self.api_key is not None and split_user_info(self.base_url)[1] is not None:
            raise ValueError(
                "give api_key or credentials in base_url (user:password@host), not both"
            )
        return self

    @field_validator("model")
    @classmethod
    def _model(cls, v: str) -> str:
        v = v.strip()
        if not v:
            raise ValueError("model must not be empty")
        return v

    def __repr_args__(self) -> Any:
        # base_url may embed credentials (user:password@host): shown as it is logged.
        for name, value in super().__repr_args__():
            yield name, (redact_url(value) if name == "base_url" else value)


def hide_api_key(data: Any) -> Any:
    """``data`` (a ProviderConfig's input) with a plain-string ``api_key`` made a SecretStr
    first: a validation error's ``errors()`` lists the input dict, which must not show it."""
    if isinstance(data, dict) and isinstance(data.get("api_key"), str):
        return {**data, "api_key": SecretStr(data["api_key"])}
    return data


def split_user_info(url: str) -> tuple[str, tuple[str, str] | None]:
    """``url`` without its user-info, and the (user, password) it held, percent-decoded;
    None when it held none. The host, port and path stay as written."""
    parts = urlsplit(url)
    if "@" not in parts.netloc:
        return url, None
    info, _, host = parts.netloc.rpartition("@")
    user, _, password = info.partition(":")
    bare = urlunsplit((parts.scheme, host, parts.path, parts.query, parts.fragment))
    return bare, (unquote(user), unquote(password))


def redact_url(url: str) -> str:
    """``url`` without userinfo, query or fragment: safe to log."""
    parts = urlsplit(url)
    host = parts.hostname or ""
    if parts.port is not None:
        host = f"{host}:{parts.port}"
    return urlunsplit((parts.scheme, host, parts.path, "", ""))
