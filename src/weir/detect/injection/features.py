"""Hashed byte n-gram features, computed for a whole text at once with numpy.

The classifier is linear over L1-normalised term frequencies of hashed byte n-grams, so the
score of any window is ``bias + mean(weights[gram])`` over the grams that start inside it. This
module turns text into one row of bucket indices per n-gram order; prefix sums over the
gathered weights then give every window's mean without a Python loop per gram. The training
script (``scripts/train_injection.py``) uses these same functions, so what is trained is
exactly what is scored.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from weir.detect import short

__all__ = ["ORDERS", "TABLE_BYTES", "Prepared", "gram_indices", "prepare", "window_sums", "windows"]

ORDERS: tuple[int, ...] = (3, 4, 5)
"""The n-gram lengths, in bytes."""

_SPACE = 0x20
_MULT = np.uint32(0x01000193)  # the FNV prime: spreads one byte across the word
_GOLDEN = np.uint32(0x9E3779B1)  # Fibonacci hashing: the top bits of h * golden are well mixed
_SALT = {3: np.uint32(0x5BD1E995), 4: np.uint32(0x27D4EB2F), 5: np.uint32(0x165667B1)}


def _byte_table() -> npt.NDArray[np.uint8]:
    """Lower-case ASCII letters, fold every digit to '0' and every ASCII whitespace to a space."""
    table = np.arange(256, dtype=np.uint8)
    table[ord("A") : ord("Z") + 1] += 32
    table[ord("0") : ord("9") + 1] = ord("0")
    for ch in "\t\n\r\x0b\x0c":
        table[ord(ch)] = _SPACE
    return table


_TABLE = _byte_table()
TABLE_BYTES = _TABLE.tobytes()
"""The same table for ``bytes.translate`` (short texts)."""


@dataclass(frozen=True, slots=True)
class Prepared:
    """A text as normalised bytes, and which bytes of the UTF-8 encoding were kept."""

    data: npt.NDArray[np.uint8]
    """Normalised bytes with runs of whitespace collapsed to one space."""
    kept: npt.NDArray[np.bool_] | None
    """Mask over the UTF-8 bytes of those kept; ``None`` when nothing was dropped."""
    raw_len: int
    """Length of the UTF-8 encoding."""

    def origin(self) -> npt.NDArray[np.int64]:
        """Offset in the UTF-8 encoding of each kept byte, plus ``raw_len`` as a final sentinel.

        Computed on demand: only spans that are reported need mapping back.
        """
        if self.kept is None:
            return np.arange(self.raw_len + 1, dtype=np.int64)
        return np.append(np.flatnonzero(self.kept), self.raw_len)

    def origin_at(self, positions: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
        """``origin()[positions]`` without building the whole map (a result maps back a few spans)."""
        if self.kept is None:
            return positions
        kept_at = np.flatnonzero(self.kept)
        inside = np.minimum(positions, kept_at.size - 1)
        return np.where(positions < kept_at.size, kept_at[inside], self.raw_len)


def prepare(raw: bytes) -> Prepared:
    """Normalise bytes and collapse whitespace runs (indentation says nothing about intent)."""
    if short.within(len(raw)):
        # bytes.translate is the same table lookup without numpy's set-up; most short texts have
        # no whitespace run to collapse (those that do take the general path).
        folded = raw.translate(TABLE_BYTES)
        if b"  " not in folded:
            return Prepared(np.frombuffer(bytearray(folded), dtype=np.uint8), None, len(raw))
    data = np.take(_TABLE, np.frombuffer(raw, dtype=np.uint8))
    if data.size < 2:
        return Prepared(data, None, len(raw))
    is_space = data == _SPACE
    drop = np.zeros(data.size, dtype=bool)
    np.logical_and(is_space[1:], is_space[:-1], out=drop[1:])
    if not drop.any():
        return Prepared(data, None, len(raw))
    kept = ~drop
    return Prepared(data[kept], kept, len(raw))


def gram_indices(data: npt.NDArray[np.uint8], bits: int) -> npt.NDArray[np.uint32]:
    """Bucket index of every n-gram, shape ``(len(ORDERS), len(data))``.

    Row ``k`` column ``i`` is the bucket of the ``ORDERS[k]``-gram starting at byte ``i``; grams
    that would run past the end are padded with zero bytes, so every position has one gram per order.
    The hash is a multiplicative rolling hash mod 2**32, salted per order, top ``bits`` bits kept;
    all arithmetic is in place on uint32 arrays (this is the hot loop of the classifier).
    """
    size = data.size
    if size <= _FUSED_MAX and short.within(size, _FUSED_SHARE):
        return _fused_gram_indices(data, bits)
    if short.within(size, _STACKED_SHARE):
        return _stacked_gram_indices(data, bits)
    padded = np.zeros(size + max(ORDERS), dtype=np.uint32)
    padded[:size] = data
    out = np.empty((len(ORDERS), size), dtype=np.uint32)
    h = np.zeros(size, dtype=np.uint32)
    shift = np.uint32(32 - bits)
    for k in range(max(ORDERS)):
        np.multiply(h, _MULT, out=h)
        np.add(h, padded[k : k + size], out=h)
        if k + 1 in ORDERS:
            row = out[ORDERS.index(k + 1)]
            np.bitwise_xor(h, _SALT[k + 1], out=row)
            np.multiply(row, _GOLDEN, out=row)
            np.right_shift(row, shift, out=row)
    return out


# The same hashes for a short text in a few numpy calls instead of twenty (each costs about a
# microsecond of set-up, whatever the length): column i of a strided view of the padded bytes
# holds the bytes i..i+4 (no copy), and the hash of an order k gram is
# sum(byte_j * MULT**(k-1-j)) mod 2**32, one matrix product for all orders. The product is taken
# in float64, where numpy hands it to BLAS (its integer matmul is a naive loop, the costliest
# step here): every term is below 2**40 and every sum below 2**43, far inside float64's exact
# integers, so the sums are exact whatever order or fused multiply-adds BLAS uses.
# uint64 wraps mod 2**64, and multiplying by GOLDEN << 32 leaves (h * GOLDEN mod 2**32) in the
# high half, so one shift (written straight into the uint32 result) takes the top ``bits`` bits.
_FUSED_MAX = 4096
_FUSED_SHARE = 0.25  # measured: faster up to ~200 bytes, no faster beyond
_POWERS = np.array(
    [[pow(int(_MULT), k - 1 - j, 1 << 32) if j < k else 0 for j in range(max(ORDERS))] for k in ORDERS],
    dtype=np.uint64,
)
_POWERS_FLOAT = _POWERS.astype(np.float64)
_PAD = bytes(max(ORDERS))
_SALTS = np.array([[_SALT[k]] for k in ORDERS], dtype=np.uint64)
_GOLDEN_HIGH = np.uint64(int(_GOLDEN) << 32)


def _fused_gram_indices(data: npt.NDArray[np.uint8], bits: int) -> npt.NDArray[np.uint32]:
    """:func:`gram_indices` by one matrix product (for at most ``_FUSED_MAX`` bytes)."""
    padded = data.tobytes() + _PAD
    window = np.ndarray((max(ORDERS), data.size), dtype=np.uint8, buffer=padded, strides=(1, 1))
    hashes = (_POWERS_FLOAT @ window).astype(np.uint64)
    hashes ^= _SALTS
    hashes *= _GOLDEN_HIGH
    indices = np.empty(hashes.shape, dtype=np.uint32)
    np.right_shift(hashes, np.uint64(64 - bits), out=indices, casting="unsafe")  # < 2**bits: no loss
    return indices


# The same hashes with the orders stacked: h3 is built once and extended to h4 and h5, and the
# three rows are salted, mixed and shifted by one call each (13 numpy calls instead of 23).
_STACKED_SHARE = 33.0  # measured: faster than the loop at every size up to a block (16 KB, 32 limits)
_SALT_COLUMN = np.array([[_SALT[k]] for k in ORDERS], dtype=np.uint32)


def _stacked_gram_indices(data: npt.NDArray[np.uint8], bits: int) -> npt.NDArray[np.uint32]:
    """:func:`gram_indices` with the rows of all orders computed together (uint32 arithmetic
    wraps mod 2**32 whatever the order of the operations, so the hashes are the same)."""
    size = data.size
    padded = np.zeros(size + max(ORDERS), dtype=np.uint32)
    padded[:size] = data
    out = np.empty((len(ORDERS), size), dtype=np.uint32)
    h = out[0]
    np.multiply(padded[:size], _MULT, out=h)
    h += padded[1 : size + 1]
    for k in range(2, max(ORDERS)):  # h of order k + 1 from h of order k
        if k >= min(ORDERS):
            row = out[ORDERS.index(k + 1)]
            np.multiply(h, _MULT, out=row)
            h = row
        else:
            h *= _MULT
        h += padded[k : k + size]
    out ^= _SALT_COLUMN
    out *= _GOLDEN
    out >>= np.uint32(32 - bits)
    return out


def windows(size: int, chunk: int) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """Overlapping windows ``[start, end)`` covering ``size`` positions, stride half a chunk.

    ``chunk`` must be even. The stride guarantees that any span of at most ``chunk // 2``
    positions lies wholly inside one window, so a short injection is never cut in two. The last
    window ends at ``size``.
    """
    if size <= chunk:
        return np.array([0], dtype=np.int64), np.array([size], dtype=np.int64)
    stride = chunk // 2
    starts = np.arange(0, size - chunk + 1, stride, dtype=np.int64)
    if starts[-1] + chunk < size:
        starts = np.append(starts, size - chunk)
    return starts, starts + chunk


def window_sums(values: npt.NDArray[np.float32], chunk: int) -> npt.NDArray[np.float64]:
    """The sum of ``values`` over each of ``windows(len(values), chunk)``, without a prefix sum.

    Windows are pairs of adjacent half-chunk blocks, so one ``reduceat`` over the blocks gives
    every regular window; the irregular last one is summed directly.
    """
    size = values.size
    if size <= chunk:
        return np.array([values.sum(dtype=np.float64)])
    stride = chunk // 2
    blocks = np.add.reduceat(values, np.arange(0, size, stride)).astype(np.float64)
    regular = (size - chunk) // stride + 1
    sums = blocks[:regular] + blocks[1 : regular + 1]
    if (regular - 1) * stride + chunk < size:
        sums = np.append(sums, values[size - chunk :].sum(dtype=np.float64))
    return sums
