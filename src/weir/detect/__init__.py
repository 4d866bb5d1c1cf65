"""The detect layer: detectors over text, tool results and tool definitions.

Pure: no I/O, no network. Findings are :class:`weir.labels.Finding`. Start with
:class:`Chain` (``Chain.from_specs(None)`` is the default chain) and :func:`redact`.

The names load their modules on first use (:mod:`weir._lazy`), so that importing one module of
the package (a config section, a protocol) does not import all of them.
"""

from typing import TYPE_CHECKING

from weir._lazy import exports

if TYPE_CHECKING:
    from weir.detect.chain import Chain
    from weir.detect.detector import Detector, ToolCheck
    from weir.detect.hidden import HiddenTextDetector
    from weir.detect.normalize import Normalized, normalize
    from weir.detect.pii import PiiDetector
    from weir.detect.pinning import MemoryPinStore, Pins, PinStore, tool_hash
    from weir.detect.poisoning import PoisoningDetector
    from weir.detect.redact import redact, redact_result
    from weir.detect.secrets import SecretsDetector

__all__ = [
    "Chain",
    "Detector",
    "HiddenTextDetector",
    "MemoryPinStore",
    "Normalized",
    "PiiDetector",
    "PinStore",
    "Pins",
    "PoisoningDetector",
    "SecretsDetector",
    "ToolCheck",
    "normalize",
    "redact",
    "redact_result",
    "tool_hash",
]

__getattr__, __dir__ = exports(
    __name__,
    {
        "Chain": "weir.detect.chain",
        "Detector": "weir.detect.detector",
        "HiddenTextDetector": "weir.detect.hidden",
        "MemoryPinStore": "weir.detect.pinning",
        "Normalized": "weir.detect.normalize",
        "PiiDetector": "weir.detect.pii",
        "PinStore": "weir.detect.pinning",
        "Pins": "weir.detect.pinning",
        "PoisoningDetector": "weir.detect.poisoning",
        "SecretsDetector": "weir.detect.secrets",
        "ToolCheck": "weir.detect.detector",
        "normalize": "weir.detect.normalize",
        "redact": "weir.detect.redact",
        "redact_result": "weir.detect.redact",
        "tool_hash": "weir.detect.pinning",
    },
)
