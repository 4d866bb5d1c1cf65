"""Model detectors a deployer plugs in, behind extras: ``onnx`` (a local classifier) and ``judge`` (an LLM).

Nothing here is imported by ``import weir`` or by the default chain: the registry imports
:mod:`weir.detect.models.onnx` or :mod:`weir.detect.models.judge` when ``weir.yaml`` names them.
Both share :mod:`weir.detect.models.gated` (gate, budget, cache, failure policy, figures).
"""

__all__: list[str] = []  # use the modules: each is imported only when weir.yaml names it
