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

Facts the Guard builds have static types (:mod:`weir.policy.schema`): compiled with
``typed=True``, an access to a field whose type is known skips those checks (a bool operand is
used as is, two texts compare with ``==``, a text is looked up in a set), and every other
access is translated exactly as in the general function. Both are held to the same verdicts on
facts of those types.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

from weir.policy import celvalues
from weir.policy.celvalues import Fallback, convertible, convertible_fields
from weir.policy.schema import ITEM, ROOTS, FactType

__all__ = ["Fallback", "Unsupported", "compile_conditions", "convertible", "convertible_fields"]

Verdicts = Callable[[dict[str, Any]], list[bool]]


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


# -- the translator: CEL's precedence for the subset, emitting Python source -------------------

_RELATIONS = {"==", "!=", "<", "<=", ">", ">=", "in"}

# Static types of generated code (typed translation only): a fact type, a root or a taint item.
_ROOT = "root:"
_ITEM = "item"
_SCALARS = {FactType.BOOL, FactType.INT, FactType.TEXT}
# Inside typed code wire text has been checked convertible (see weir.policy.schema): it is text.
_SAME = {FactType.WIRE_TEXT: FactType.TEXT, FactType.WIRE_TEXTS: FactType.TEXTS}


class _Translator:
    def __init__(
        self,
        text: str,
        roots: frozenset[str],
        *,
        typed: bool = False,
        constants: dict[frozenset[Any], str] | None = None,
        used: set[str] | None = None,
        macros: list[str] | None = None,
    ) -> None:
        self.constants = constants if constants is not None else {}
        """Each list literal's set of texts → the global name the generated code reads it from."""
        self.used = used if used is not None else set()
        """The roots the conditions read (each bound to a local once, at the top of the function)."""
        self.macros = macros if macros is not None else []
        """The source of one function per ``exists`` / ``all`` (see :meth:`macro`)."""
        self.reads: list[set[str]] = []
        """For each macro being translated, the roots its body reads (they become its parameters)."""
        self.toks = _tokens(text)
        self.i = 0
        self.roots = roots
        self.bound: list[str] = []
        # Code that can only produce a bool (operators, comparisons, macros): no check needed.
        self.booleans: set[str] = {"True", "False"}
        self.typed = typed
        self.types: dict[str, Any] = {}

    def peek(self) -> str | None:
        return self.toks[self.i][1] if self.i < len(self.toks) else None

    def constant(self, texts: list[Any]) -> str:
        """The name of a global holding ``texts`` as a frozenset: built once, not per evaluation."""
        value = frozenset(texts)
        if value not in self.constants:
            self.constants[value] = f"_texts{len(self.constants)}"
        return self.constants[value]

    def type_of(self, code: str) -> Any:
        return self.types.get(code)

    def set_type(self, code: str, kind: Any) -> str:
        if self.typed and kind is not None:
            self.types[code] = _SAME.get(kind, kind)
        else:
            self.types.pop(code, None)
        return code

    def boolean(self, code: str) -> str:
        """``code`` checked to be a bool (CEL errors on a non-boolean operand: Python must not guess)."""
        if code in self.booleans or self.type_of(code) is FactType.BOOL:
            return code
        return f"as_bool({code})"

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
            typed = self.typed_relation(op or "", code, right, right_literal)
            literal = self.constant(right_literal) if op == "in" and right_literal is not None else None
            code = self.known(typed or _relation(op or "", code, right, literal))
        return code

    def typed_relation(self, op: str, left: str, right: str, right_literal: list[Any] | None) -> str | None:
        """A comparison of operands whose types make CEL's and Python's answers the same, or None."""
        lt, rt = self.type_of(left), self.type_of(right)
        if lt is None:
            return None
        if op == "in":
            if lt is FactType.TEXT and right_literal is not None:
                return f"({left} in {self.constant(right_literal)})"
            return f"({left} in {right})" if lt is FactType.TEXT and rt is FactType.TEXTS else None
        if lt is rt and (lt is FactType.INT or (lt in _SCALARS and op in ("==", "!="))):
            return f"({left} {op} {right})"
        # A tri-state hint against a bool literal: CEL's `== true` holds for True alone.
        if lt is FactType.OPT_BOOL and right in ("True", "False") and op in ("==", "!="):
            return f"({left} {'is' if op == '==' else 'is not'} {right})"
        return None

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
            if self.peek() == "(":
                code, literal = self.macro(code, name), None
            else:
                code, literal = self.set_type(f"{code}[{name!r}]", self.field_type(code, name)), None
        return code, literal

    def field_type(self, code: str, name: str) -> Any:
        """The static type of ``code.name`` (None when unknown)."""
        owner = self.type_of(code)
        if owner == _ITEM:
            return ITEM.get(name)
        if isinstance(owner, str) and owner.startswith(_ROOT):
            schema = ROOTS.get(owner.removeprefix(_ROOT))
            return schema.get(name) if isinstance(schema, dict) else None
        return None

    def macro(self, target: str, name: str) -> str:
        if name not in ("exists", "all"):
            raise Unsupported(f"method {name}()")
        self.take("(")
        kind, var = self.take()
        if kind != "name" or var in self.roots or var in _KEYWORDS or var in _RESERVED or var in self.bound:
            raise Unsupported(f"macro variable {var!r}")
        self.take(",")
        self.bound.append(var)
        outer = self.type_of(target)
        item = {FactType.TEXTS: FactType.TEXT, FactType.ITEMS: _ITEM}.get(outer)
        self.set_type(f"v_{var}", item)
        self.reads.append(set())
        code = self.or_()
        reads = self.reads.pop()
        self.bound.pop()
        self.set_type(f"v_{var}", None)
        self.take(")")
        body = self.boolean(code)
        items = target if item is not None else f"as_list({target})"
        # A function with a loop, not ``any(... for ...)``: a generator costs three times as much
        # here. It stops at the same item and raises the same errors, evaluated at the same point.
        params = [f"r_{root}" for root in sorted(reads)] + [f"v_{outer}" for outer in self.bound]
        fn = f"_macro{len(self.macros)}"
        stop, hit = ("", "True") if name == "exists" else ("not ", "False")
        self.macros.append(
            f"def {fn}({', '.join(['items', *params])}):\n"
            f"    for v_{var} in items:\n"
            f"        if {stop}{body}:\n"
            f"            return {hit}\n"
            f"    return {'False' if name == 'exists' else 'True'}\n"
        )
        return self.known(f"{fn}({', '.join([items, *params])})")

    def primary(self) -> tuple[str, list[Any] | None]:
        kind, text = self.take()
        if kind == "num":
            return self.set_type(repr(int(text)), FactType.INT), None
        if kind == "str":
            return self.set_type(repr(text[1:-1]), FactType.TEXT), None
        if kind == "name":
            return self.name(text), None
        if text == "(":
            code = self.or_()
            self.take(")")
            wrapped = self.set_type(f"({code})", self.type_of(code))
            return (self.known(wrapped) if code in self.booleans else wrapped), None
        if text == "[":
            return self.list_literal()
        raise Unsupported(f"{text!r}")

    def name(self, text: str) -> str:
        if text in _KEYWORDS:
            value = _KEYWORDS[text]
            return self.set_type(repr(value), FactType.BOOL if isinstance(value, bool) else None)
        if text in self.bound:
            return f"v_{text}"
        if text in self.roots:
            schema = ROOTS.get(text)
            self.used.add(text)
            for reads in self.reads:
                reads.add(text)
            return self.set_type(f"r_{text}", schema if schema is FactType.ITEMS else _ROOT + text)
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


def _relation(op: str, left: str, right: str, literal: str | None) -> str:
    if literal is not None:
        return f"in_texts({left}, {literal})"
    call = {"==": "equal", "!=": "not equal", "<": "less", "<=": "less_equal", "in": "in_list"}
    if op == ">":
        return f"less({right}, {left})"
    if op == ">=":
        return f"less_equal({right}, {left})"
    return f"({call[op]}({left}, {right}))"


def compile_conditions(conditions: Sequence[str], roots: Sequence[str], *, typed: bool = False) -> Verdicts | None:
    """One function giving every condition's verdict, in order; None if any is outside the subset.

    The function raises (anything) where CEL must decide instead; see the module docstring.
    With ``typed``, it may only be given facts of the types :mod:`weir.policy.schema` declares,
    whose wire text has been checked convertible.
    """
    constants: dict[frozenset[Any], str] = {}
    used: set[str] = set()
    macros: list[str] = []
    known = frozenset(roots)
    try:
        body = [
            _Translator(c, known, typed=typed, constants=constants, used=used, macros=macros).translate()
            for c in conditions
        ]
    except (Unsupported, RecursionError):
        return None
    # Each root read is looked up once; a missing one raises before any verdict, so CEL decides.
    bind = "".join(f"    r_{root} = env[{root!r}]\n" for root in sorted(used))
    source = "".join(macros) + "def verdicts(env):\n" + bind + "    return [\n"
    source += "".join(f"        {b},\n" for b in body) + "    ]\n"
    scope: dict[str, Any] = {name: getattr(celvalues, name) for name in _HELPERS}
    scope.update({name: value for value, name in constants.items()})
    # The source is generated from the parsed condition only: names, quoted literals via repr().
    exec(compile(source, "<weir policy conditions>", "exec"), scope)
    fn: Verdicts = scope["verdicts"]
    return fn


_HELPERS = ("as_bool", "as_list", "equal", "in_list", "in_texts", "less", "less_equal")
