"""NER-based PII through Microsoft Presidio: names, locations and other entities patterns miss.

Optional: needs the extra ``ner`` (``pip install 'mcp-weir[ner]'``) and a spaCy model the user
installs (``python -m spacy download en_core_web_sm``) — Weir never downloads anything at run
time, so a missing model is an error here, not a download. Presidio is imported only when this
detector is constructed, i.e. only when ``weir.yaml`` names ``ner`` in ``detectors:``.
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from typing import Any

from weir.errors import DetectorError
from weir.labels.finding import Finding, FindingClass

__all__ = ["NerDetector"]

# Presidio entity → (Weir kind, class). Entities not listed are reported as pii under their
# lower-cased Presidio name.
_ENTITIES: dict[str, tuple[str, FindingClass]] = {
    "PERSON": ("person", FindingClass.PII),
    "LOCATION": ("location", FindingClass.PII),
    "NRP": ("nationality-religion-politics", FindingClass.PII),
    "EMAIL_ADDRESS": ("email", FindingClass.PII),
    "PHONE_NUMBER": ("phone", FindingClass.PII),
    "US_SSN": ("us-ssn", FindingClass.PII),
    "UK_NHS": ("uk-nhs", FindingClass.PII),
    "CREDIT_CARD": ("payment-card", FindingClass.FINANCIAL),
    "IBAN_CODE": ("iban", FindingClass.FINANCIAL),
    "US_BANK_NUMBER": ("bank-account", FindingClass.FINANCIAL),
    "CRYPTO": ("crypto-wallet", FindingClass.FINANCIAL),
}


class NerDetector:
    """Presidio's analyzer as a Weir detector.

    ``entities`` limits the Presidio entities (default: person, location, NRP); ``model`` is the
    installed spaCy model; ``min_score`` drops weaker results.
    """

    id = "ner"

    def __init__(
        self,
        *,
        entities: Sequence[str] = ("PERSON", "LOCATION", "NRP"),
        language: str = "en",
        model: str = "en_core_web_sm",
        min_score: float = 0.6,
    ) -> None:
        self.entities = list(entities)
        self.language = language
        self.min_score = min_score
        self._analyzer = _analyzer(language, model)

    def __call__(self, text: str) -> list[Finding]:
        """Entities Presidio finds in ``text`` with at least ``min_score``."""
        if not text.strip():
            return []
        results = self._analyzer.analyze(text=text, entities=self.entities, language=self.language)
        findings = []
        for r in results:
            if r.score < self.min_score:
                continue
            kind, cls = _ENTITIES.get(r.entity_type, (r.entity_type.lower(), FindingClass.PII))
            findings.append(
                Finding(detector=self.id, kind=kind, cls=cls, start=r.start, end=r.end, confidence=float(r.score))
            )
        return sorted(findings, key=lambda f: (f.start, f.end))


def _analyzer(language: str, model: str) -> Any:
    # importlib keeps the optional packages out of the type checker's and the core's imports.
    try:
        spacy_util = importlib.import_module("spacy.util")
        presidio = importlib.import_module("presidio_analyzer")
        nlp_engine = importlib.import_module("presidio_analyzer.nlp_engine")
    except ImportError as exc:
        raise DetectorError("the ner detector needs the 'ner' extra: pip install 'mcp-weir[ner]'") from exc
    if not spacy_util.is_package(model):
        raise DetectorError(f"spaCy model {model!r} is not installed: python -m spacy download {model}")
    config = {"nlp_engine_name": "spacy", "models": [{"lang_code": language, "model_name": model}]}
    engine = nlp_engine.NlpEngineProvider(nlp_configuration=config).create_engine()
    return presidio.AnalyzerEngine(nlp_engine=engine, supported_languages=[language])
