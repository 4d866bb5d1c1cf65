"""The detect layer: detectors over text, tool results and tool definitions.

Pure: no I/O, no network. Findings are :class:`weir.labels.Finding`. Start with
:class:`Chain` (``Chain.from_specs(None)`` is the default chain) and :func:`redact`.
"""

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
