"""Evaluation of the detectors: labelled held-out corpora, precision/recall, throughput.

``weir detect eval`` runs :func:`weir.detect.evaluation.run.evaluate`; the injection detector
brings its own evaluation (``weir.detect.evaluation.injection``).
"""
