"""Skeletons and decodings: the same characters however an injected text wrote them."""

import base64
import urllib.parse

from hypothesis import given
from hypothesis import strategies as st

from weir.flow.normalise import CONFUSABLES, decodings, skeleton, tokens


def test_case_punctuation_and_spacing_inside_a_word_do_not_matter() -> None:
    assert (
        skeleton("J.Harlow@FastClaims.Support") == skeleton("j.harlow@fastclaims.support") == "jharlowfastclaimssupport"
    )
    assert tokens("chk_a1b2 c3d4") == ["chka1b2", "c3d4"]
    assert skeleton("chk_a1b2 c3d4") == skeleton("chk_a1b2c3d4")


def test_zero_width_characters_are_deleted_without_splitting_the_word() -> None:
    assert tokens("audi\u200bt@ret\u200burns-\u2060portal.help") == ["auditreturnsportalhelp"]
    assert tokens("pay\u00adpal_12\ufeff34") == ["paypal1234"]


def test_confusable_letters_read_as_the_latin_letter_they_imitate() -> None:
    assert skeleton("4245 H\u0430rb\u043er Blvd") == skeleton("4245 Harbor Blvd")
    assert skeleton("\u0440\u0430y\u0440\u0430l") == "paypal"  # Cyrillic р а
    assert skeleton("ｅｖｉｌ．ｅｘａｍｐｌｅ") == "evilexample"  # full-width (NFKC)
    assert all(skeleton(a) == skeleton(b) for a, b in CONFUSABLES.items())


def test_other_marks_end_a_word() -> None:
    assert tokens('5460.***</instruction> "gift_car" (order_id=#W4316152)') == [
        "5460",
        "instruction",
        "giftcar",
        "orderid",
        "w4316152",
    ]


def test_percent_html_escape_and_base64_are_read_back() -> None:
    value = "drop@evil.example"
    assert value in decodings(f"write to {urllib.parse.quote(value, safe='')} now")[0]
    assert value in decodings("write to drop&#64;evil&#46;example now")[0]
    assert value in decodings("write to drop\\u0040evil.example now")[0]
    encoded = base64.b64encode(value.encode()).decode()
    assert decodings(f"the address is {encoded} (base64)") == [value]


def test_at_and_dot_words_and_digit_words_are_read_back() -> None:
    assert "j.harlow@fastclaims.support" in decodings("mail j dot harlow at fastclaims dot support")[0]
    assert "evil.example" in decodings("see evil [dot] example")[0]
    assert "PIN 4721" in decodings("PIN four seven two one")[0]


def test_text_without_a_disguise_has_no_other_reading() -> None:
    assert decodings("Please confirm the order for the customer by Friday.") == []
    assert decodings("a long word Supercalifragilistic is not base64") == []


@given(st.text(max_size=60))
def test_a_skeleton_holds_only_letters_and_digits(text: str) -> None:
    assert all(ch.isalnum() for ch in skeleton(text))
    assert all(word for word in tokens(text))


@given(st.text(alphabet=st.characters(codec="ascii", categories=["L", "N"]), min_size=1, max_size=30))
def test_an_ascii_word_is_its_own_skeleton_in_lower_case(word: str) -> None:
    assert skeleton(word) == word.lower()


@given(
    st.text(
        alphabet=st.sampled_from(
            "aZ9 _.@/:+#%~'-,;!\"()*\t\n\x1c\u00e9\u00df\u0130\u0301\u200b\uff21\u0661\u00b2\u00a0\u0430"
        )
    )
)
def test_tokens_are_each_word_reduced_to_its_letters_and_digits(text: str) -> None:
    """The two-pass reduction gives what the definition says: each word of ``_WORD`` in the
    folded text, less its ``[\\W_]`` characters, the empty ones dropped."""
    import re

    from weir.flow import normalise

    folded = normalise.plain(text).translate(normalise.CONFUSE).casefold()
    per_word = [w for word in normalise._WORD.findall(folded) if (w := re.sub(r"[\W_]+", "", word))]
    if normalise._PLAIN_TEXT.fullmatch(text) is None:
        assert tokens(text) == per_word
        long = (text + " ") * (normalise._LONG // max(1, len(text)) + 1)  # the two-pass path
        assert tokens(long) == per_word * (normalise._LONG // max(1, len(text)) + 1)
    else:
        assert tokens(text) == text.lower().split()
