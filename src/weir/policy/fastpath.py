"""Rule conditions as Python: most decisions are made without converting facts into CEL values.

Converting the activation into CEL costs about a microsecond per value — more than evaluating
the rules. Conditions are overwhelmingly boolean logic over fact fields (``&&``, ``||``, ``!``,
comparisons, ``in`` a list, ``.exists``/``.all`` over a list), so the compiler also translates
each phase's conditions, when all of them use only that subset, into one Python function over
the facts as they are.

That function never guesses. Wherever CEL's answer could differ from Python's — a missing field,
a value of a kind the subset does not compare (floats, lists, maps), a non-boolean operand, a
value CEL could not even hold — it raises, and the engine asks CEL itself; so does a phase whose
facts hold a string CEL cannot convert (see :func:`convertible`). Where CEL's answer does not
depend on an operand that would have failed (``false && x``), both agree by construction:
``&&``, ``||``, ``exists`` and ``all`` stop at the first deciding operand in both. The
property tests in ``tests/policy/test_fastpath.py`` hold the two to the same verdicts.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

__all__ = ["Fallback", "Unsupported", "compile_conditions", "convertible", "convertible_fields"]

Verdicts = Callable[[dict[str, Any]], list[bool]]


class Fallback(Exception):
    """These facts are left to CEL (see the module docstring)."""


class Unsupported(Exception):
    """A condition uses syntax outside the subset; its phase is never translated."""


_TOKEN = re.compile(
    r"\s*(?:(?P<num>\d+(?![\d.eExXuU]))|(?P<str>'[^'\\\n]*'|\"[^\"\\\n]*\")"
    r"|(?P<name>[A-Za-z_]\w*)|(?P<op>&&|\|\||==|!=|<=|>=|[<>!()\[\],.]))"
)
_KEYWORDS = {"true": True, "false": False, "null": None}
_RESERVED = {"in", "as", "break", "const", "continue", "else", "for", "function", "if", "import", "let"}
_RESERVED |= {"loop", "package", "namespace", "return", "var", "void", "while"}


def _tokens(text: str) -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    pos = 0
    text = text.rstrip()
    while pos < len(text):
        m = _TOKEN.match(text, pos)
        if m is None or m.end() == pos:
            raise Unsupported(f"cannot translate {text[pos : pos + 10]!r}")
        kind = m.lastgroup or ""
        out.append((kind, m.group(kind)))
        pos = m.end()
    return out


# -- value kinds: where CEL and Python agree ------------------------------------------------


def _kind(value: Any) -> type | None:
    """bool, int, str or None (null) — the scalar kinds the subset compares; else Fallback."""
    # Exact classes first (facts are plain JSON values); subclasses take the general path below.
    cls = value.__class__
    if cls is str:
        if not value.isascii():
            _check_text(value)
        return str
    if cls is bool:
        return bool
    if cls is int and -_INT_LIMIT <= value < _INT_LIMIT:
        return int
    return _kind_of(value)


_INT_LIMIT = 2**63


def _kind_of(value: Any) -> type | None:
    if value is None:
        return None
    if isinstance(value, bool):
        return bool
    if isinstance(value, int):
        if not -(2**63) <= value < 2**63:  # CEL cannot even hold it
            raise Fallback
        return int
    if isinstance(value, str):
        if not value.isascii():
            _check_text(value)
        return str
    raise Fallback


def _check_text(value: str) -> None:
    """CEL strings are UTF-8: a lone surrogate (legal in JSON) cannot be converted."""
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        raise Fallback from None


def _equal(a: Any, b: Any) -> bool:
    # CEL's heterogeneous equality: values of different kinds are simply not equal.
    return _kind(a) is _kind(b) and a == b


def _bool(value: Any) -> bool:
    if value is True or value is False:
        return value
    raise Fallback


def _ordered(a: Any, b: Any) -> None:
    ka = _kind(a)
    if ka not in (int, str) or ka is not _kind(b):
        raise Fallback


def _list(value: Any) -> Sequence[Any]:
    if isinstance(value, list):
        return value
    raise Fallback


def _in(value: Any, items: Any) -> bool:
    return any(_equal(value, x) for x in _list(items))


def _in_texts(value: Any, texts: frozenset[str]) -> bool:
    """``value in ['a', 'b']``: a list literal of strings, as a set."""
    kind = _kind(value)
    return kind is str and value in texts


def _less(a: Any, b: Any) -> bool:
    _ordered(a, b)
    return bool(a < b)


def _less_equal(a: Any, b: Any) -> bool:
    _ordered(a, b)
    return bool(a <= b)


# -- the translator: CEL's precedence for the subset, emitting Python source -------------------

_RELATIONS = {"==", "!=", "<", "<=", ">", ">=", "in"}


class _Translator:
    def __init__(self, text: str, roots: frozenset[str]) -> None:
        self.toks = _tokens(text)
        self.i = 0
        self.roots = roots
        self.bound: list[str] = []
        # Code that can only produce a bool (operators, comparisons, macros): no check needed.
        self.booleans: set[str] = {"True", "False"}

    def peek(self) -> str | None:
        return self.toks[self.i][1] if self.i < len(self.toks) else None

    def boolean(self, code: str) -> str:
        """``code`` checked to be a bool (CEL errors on a non-boolean operand: Python must not guess)."""
        return code if code in self.booleans else f"_bool({code})"

    def known(self, code: str) -> str:
        self.booleans.add(code)
        return code

    def take(self, want: str | None = None) -> tuple[str, str]:
        if self.i >= len(self.toks) or (want is not None and self.toks[self.i][1] != want):
            raise Unsupported(f"expected {want or 'more'}")
        self.i += 1
        return self.toks[self.i - 1]

    def translate(self) -> str:
        code = self.or_()
        if self.i != len(self.toks):
            raise Unsupported(f"unexpected {self.peek()!r}")
        return self.boolean(code)

    def or_(self) -> str:
        code = self.and_()
        while self.peek() == "||":
            self.take()
            code = self.known(f"({self.boolean(code)} or {self.boolean(self.and_())})")
        return code

    def and_(self) -> str:
        code = self.relation()
        while self.peek() == "&&":
            self.take()
            code = self.known(f"({self.boolean(code)} and {self.boolean(self.relation())})")
        return code

    def relation(self) -> str:
        code, _ = self.unary()
        while (op := self.peek()) in _RELATIONS:
            self.take()
            right, right_literal = self.unary()
            code = self.known(_relation(op or "", code, right, right_literal))
        return code

    def unary(self) -> tuple[str, list[Any] | None]:
        if self.peek() == "!":
            self.take()
            inner, _ = self.unary()
            return self.known(f"(not {self.boolean(inner)})"), None
        return self.member()

    def member(self) -> tuple[str, list[Any] | None]:
        code, literal = self.primary()
        while self.peek() == ".":
            self.take()
            kind, name = self.take()
            if kind != "name" or name in _RESERVED or name in _KEYWORDS:
                raise Unsupported(f"field {name!r}")
            code, literal = (self.macro(code, name) if self.peek() == "(" else f"{code}[{name!r}]"), None
        return code, literal

    def macro(self, target: str, name: str) -> str:
        if name not in ("exists", "all"):
            raise Unsupported(f"method {name}()")
        self.take("(")
        kind, var = self.take()
        if kind != "name" or var in self.roots or var in _KEYWORDS or var in _RESERVED or var in self.bound:
            raise Unsupported(f"macro variable {var!r}")
        self.take(",")
        self.bound.append(var)
        body = self.or_()
        self.bound.pop()
        self.take(")")
        test = "any" if name == "exists" else "all"
        return self.known(f"{test}({self.boolean(body)} for v_{var} in _list({target}))")

    def primary(self) -> tuple[str, list[Any] | None]:
        kind, text = self.take()
        if kind == "num":
            return repr(int(text)), None
        if kind == "str":
            return repr(text[1:-1]), None
        if kind == "name":
            return self.name(text), None
        if text == "(":
            code = self.or_()
            self.take(")")
            return (self.known(f"({code})") if code in self.booleans else f"({code})"), None
        if text == "[":
            return self.list_literal()
        raise Unsupported(f"{text!r}")

    def name(self, text: str) -> str:
        if text in _KEYWORDS:
            return repr(_KEYWORDS[text])
        if text in self.bound:
            return f"v_{text}"
        if text in self.roots:
            return f"env[{text!r}]"
        raise Unsupported(f"{text!r}")

    def list_literal(self) -> tuple[str, list[Any] | None]:
        items: list[tuple[str, list[Any] | None]] = []
        while self.peek() != "]":
            start = self.i
            items.append((self.or_(), None))
            # A lone string literal is kept as a value, for `x in ['a', 'b']` as a set lookup.
            if self.i == start + 1 and self.toks[start][0] == "str":
                items[-1] = (items[-1][0], [self.toks[start][1][1:-1]])
            if self.peek() != "]":
                self.take(",")
        self.take("]")
        literal = [v[0] for _, v in items if v is not None] if all(v is not None for _, v in items) else None
        return "[" + ", ".join(code for code, _ in items) + "]", literal


def _relation(op: str, left: str, right: str, right_literal: list[Any] | None) -> str:
    if op == "in" and right_literal is not None:
        return f"_in_texts({left}, {frozenset(right_literal)!r})"
    call = {"==": "_equal", "!=": "not _equal", "<": "_less", "<=": "_less_equal", "in": "_in"}
    if op == ">":
        return f"_less({right}, {left})"
    if op == ">=":
        return f"_less_equal({right}, {left})"
    return f"({call[op]}({left}, {right}))"


def compile_conditions(conditions: Sequence[str], roots: Sequence[str]) -> Verdicts | None:
    """One function giving every condition's verdict, in order; None if any is outside the subset.

    The function raises (anything) where CEL must decide instead; see the module docstring.
    """
    try:
        body = [_Translator(c, frozenset(roots)).translate() for c in conditions]
    except (Unsupported, RecursionError):
        return None
    source = "def verdicts(env):\n    return [\n" + "".join(f"        {b},\n" for b in body) + "    ]\n"
    scope: dict[str, Any] = {
        "_bool": _bool,
        "_equal": _equal,
        "_less": _less,
        "_less_equal": _less_equal,
        "_in": _in,
        "_in_texts": _in_texts,
        "_list": _list,
    }
    # The source is generated from the parsed condition only: names, quoted literals via repr().
    exec(compile(source, "<weir policy conditions>", "exec"), scope)
    fn: Verdicts = scope["verdicts"]
    return fn


_PLAIN = frozenset({bool, int, float, type(None)})


def convertible(value: Any) -> bool:
    """Whether CEL can hold ``value`` (so the CEL path would not have failed on converting it).

    Conservative: a value this does not know (a set, a dict with non-string keys) counts as not
    convertible, which only sends the decision down the CEL path.
    """
    if value.__class__ in _PLAIN or (isinstance(value, int | float) and not isinstance(value, str)):
        return True
    if isinstance(value, str):
        return value.isascii() or _utf8(value)
    if isinstance(value, list | tuple):
        return all(item.__class__ in _PLAIN or convertible(item) for item in value)
    if isinstance(value, dict):
        return all(isinstance(k, str) and convertible(k) and convertible(v) for k, v in value.items())
    return False


def convertible_fields(value: dict[str, Any], fields: frozenset[str]) -> bool:
    """:func:`convertible` for only ``fields`` of a dict (what a projected activation holds)."""
    for name in fields:
        if name in value:
            item = value[name]
            if item.__class__ not in _PLAIN and not convertible(item):
                return False
    return True


def _utf8(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True
