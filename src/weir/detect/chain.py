"""The detector chain: every detector over a text, a tool result, or a ``tools/list``.

``Chain.scan_text`` normalises the text once (:mod:`weir.detect.normalize`), hands the
normalised text to each detector (the raw text to those that ask for it, like ``hidden``), and
maps every span back to the original, so ``redact(original, findings)`` removes exactly what was
found, hidden characters included. Texts longer than ``chunk_chars`` are scanned in overlapping
chunks, each finding owned by the chunk its start falls in, so memory stays bounded and
nothing is reported twice.

A detector that raises is a bug; the chain turns it into :class:`~weir.errors.DetectorError`
so the caller (the guard) can fail closed instead of passing the data unscanned.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from weir.detect.blobs import unreadable_finding
from weir.detect.catalog import ScanContext
from weir.detect.config import DetectorSpec
from weir.detect.detector import Detector, ToolCheck
from weir.detect.normalize import normalize
from weir.detect.registry import DEFAULT_TEXT, DEFAULT_TOOLS, available, is_tool_check, resolve
from weir.detect.structure import across_blocks, named_secrets
from weir.detect.walk import walk_result
from weir.errors import ConfigError, DetectorError
from weir.labels.finding import Finding

__all__ = ["Chain"]

_SEPARATOR = "\n\n"


class Chain:
    """An ordered list of text detectors plus the tool checks, applied as one.

    ``pin_store`` (given to :meth:`from_specs`) is where the ``pinning`` check keeps its pins;
    in memory by default. ``missing`` names default detectors this installation lacks.
    """

    takes_context = True
    """``scan_result``/``scan_text`` accept ``context=`` (a :class:`~weir.detect.catalog.ScanContext`)."""

    def __init__(
        self,
        detectors: Sequence[Detector],
        tool_checks: Sequence[ToolCheck] = (),
        *,
        chunk_chars: int = 1_000_000,
        overlap: int = 20_000,
        missing: Sequence[str] = (),
    ) -> None:
        if chunk_chars <= overlap:
            raise ValueError("chunk_chars must exceed overlap")
        self.detectors = tuple(detectors)
        self.tool_checks = tuple(tool_checks)
        self.chunk_chars = chunk_chars
        self.overlap = overlap
        self.missing = tuple(missing)

    @classmethod
    def from_specs(cls, specs: Sequence[DetectorSpec] | None, *, pin_store: Any = None) -> Chain:
        """Build the chain ``weir.yaml`` describes; ``None`` is the default chain.

        The default chain leaves out a default detector whose module is absent from this
        installation (listed in :attr:`missing`); a detector named explicitly must exist.
        Raises ConfigError for unknown ids or options, DetectorError when one cannot load.
        """
        missing: list[str] = []
        if specs is None:
            wanted = [DetectorSpec(use=i) for i in (*DEFAULT_TEXT, *DEFAULT_TOOLS)]
            missing = [s.use for s in wanted if not available(s.use)]
            specs = [s for s in wanted if s.use not in missing]
        text: list[Detector] = []
        tools: list[ToolCheck] = []
        for spec in specs:
            if not spec.enabled:
                continue
            options = dict(spec.options)
            if spec.use == "pinning" and pin_store is not None:
                options.setdefault("store", pin_store)
            instance = _build(spec.use, options)
            (tools if is_tool_check(spec.use) else text).append(instance)
        return cls(text, tools, missing=missing)

    def warm(self) -> None:
        """Build what is otherwise built on first use (the character table, ~0.25 s), so the
        first non-ASCII tool result of a long-running gateway does not pay for it."""
        self.scan_text("warm \u00e9")

    @property
    def ids(self) -> tuple[str, ...]:
        """The ids of every detector and tool check, in order."""
        return tuple(d.id for d in self.detectors) + tuple(c.id for c in self.tool_checks)

    def scan_text(self, text: str, *, context: ScanContext | None = None) -> list[Finding]:
        """Every finding in ``text``, spans into ``text`` itself, sorted by position.

        ``context`` (the session's tool catalog, what the result's tool is) is handed to the
        detectors that declare ``uses_context`` (``requests``); the others never see it.
        """
        if not isinstance(text, str):
            raise TypeError(f"scan_text needs a str, not {type(text).__name__}")
        found: dict[tuple[str, str, int, int], Finding] = {}
        for base, own_end, chunk in self._chunks(text):
            for finding in self._scan_chunk(chunk, base, context):
                if finding.start < own_end or finding.start == finding.end == base:
                    found.setdefault((finding.detector, finding.kind, finding.start, finding.end), finding)
        return sorted(found.values(), key=lambda f: (f.start, f.end, f.detector, f.kind))

    def scan_result(self, result: Mapping[str, Any], *, context: ScanContext | None = None) -> list[Finding]:
        """Findings in every string of a wire ``CallToolResult``; ``path`` says which string.

        Every string value at any depth is scanned (:mod:`weir.detect.walk`): text blocks,
        embedded resources, ``structuredContent``, ``_meta`` and ``annotations`` wherever they
        are, resource links; base64 payloads as the text they decode to (spans index that text).
        A payload that is neither text nor binary gets a finding of kind ``unreadable-payload``
        (suspicious, no span): the caller withholds it (:func:`weir.detect.blobs.withholds`).
        """
        return self.scan_json(result, context=context)

    def scan_json(self, value: Any, *, context: ScanContext | None = None) -> list[Finding]:
        """:meth:`scan_result` for any JSON value (tool arguments, an error message, ...)."""
        if not self.detectors:
            return []  # nothing would look at the text: skip walking and normalising it
        strings, unreadable = walk_result(value)
        findings = [unreadable_finding(path, why) for path, why in unreadable]
        if strings:
            findings += self._scan_strings(strings, context)
            # What only the shape shows: values of secret-named keys, texts split over blocks.
            if any(getattr(d, "id", None) == "secrets" for d in self.detectors):
                findings += named_secrets(strings)
            findings += across_blocks(strings, self.scan_text)
        return findings

    def _scan_strings(self, strings: Sequence[tuple[str, str]], context: ScanContext | None) -> list[Finding]:
        # One scan over all strings joined by blank lines: a structured result has hundreds of
        # short strings, and the fixed cost per scan would dominate. Each finding is mapped back
        # to its string; one that runs past the end of its string is clipped to it.
        offsets, pos = [], 0
        for _, value in strings:
            offsets.append(pos)
            pos += len(value) + len(_SEPARATOR)
        findings: list[Finding] = []
        for f in self.scan_text(_SEPARATOR.join(value for _, value in strings), context=context):
            i = bisect_right(offsets, f.start) - 1
            path, value = strings[i]
            start, end = f.start - offsets[i], min(f.end - offsets[i], len(value))
            if start >= len(value) and f.end > f.start:
                continue  # wholly inside a separator
            findings.append(f.model_copy(update={"path": path, "start": start, "end": max(start, end)}))
        return findings

    def scan_tools(self, server: str, tools: Sequence[Mapping[str, Any]] | Mapping[str, Any]) -> list[Finding]:
        """Run the tool checks (poisoning, pinning) over one server's ``tools/list``.

        ``tools`` may also be a whole ``tools/list`` result (``{"tools": [...]}``).
        """
        if isinstance(tools, Mapping):
            tools = tools.get("tools") or []
        findings: list[Finding] = []
        for check in self.tool_checks:
            try:
                findings.extend(check.check(server, tools))
            except Exception as exc:  # a check's bug must not let tools through unchecked
                raise DetectorError(f"tool check {check.id!r} failed: {exc!r}", server=server) from exc
        return findings

    def _chunks(self, text: str) -> Iterator[tuple[int, int, str]]:
        """``(base, own_end, chunk)``: findings starting before ``own_end`` belong to the chunk."""
        if len(text) <= self.chunk_chars:
            yield 0, len(text) + 1, text
            return
        step = self.chunk_chars - self.overlap
        for base in range(0, len(text), step):
            last = base + self.chunk_chars >= len(text)
            yield base, (len(text) + 1 if last else base + step), text[base : base + self.chunk_chars]
            if last:
                return

    def _scan_chunk(self, chunk: str, base: int, context: ScanContext | None) -> Iterator[Finding]:
        norm = normalize(chunk)
        for detector in self.detectors:
            raw = getattr(detector, "raw_text", False) is True
            text = chunk if raw else norm.text
            try:
                if getattr(detector, "uses_context", False) is True:
                    found = detector(text, context=context)  # type: ignore[call-arg]
                else:
                    found = detector(text)
            except Exception as exc:  # a detector's bug must not let data through unscanned
                raise DetectorError(f"detector {detector.id!r} failed: {exc!r}") from exc
            for f in found:
                start, end = (f.start, f.end) if raw else norm.span(f.start, f.end)
                if (start + base, end + base) != (f.start, f.end):
                    f = f.model_copy(update={"start": start + base, "end": end + base})  # noqa: PLW2901
                yield f


def _build(detector_id: str, options: dict[str, Any]) -> Any:
    factory = resolve(detector_id)
    try:
        return factory(**options)
    except (TypeError, ValueError) as exc:
        raise ConfigError(f"detector {detector_id!r}: bad options {sorted(options)}: {exc}") from exc
