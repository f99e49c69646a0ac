"""Properties of the reader's view for hidden text and look-alike punctuation (issue 32, sixth round).

Expected verdicts come from the CSS and Unicode definitions written out here (unit sizes, colour notations, the
characters a font draws like 、 and 。), not from the code under test.
"""

from __future__ import annotations

import colorsys
import unicodedata

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lctg_metrics.instructions import check, roles
from lctg_metrics.instructions.visible import visible

WORD = "節約"
KANA = st.text(alphabet=st.characters(min_codepoint=0x30A1, max_codepoint=0x30F3), min_size=2, max_size=8)
#: CSS Values and Units 4, section 6: px per unit (1em = 1rem = 16px by browsers' default; vw at a 1920px screen).
PX_PER_UNIT = {"px": 1, "em": 16, "rem": 16, "pt": 96 / 72, "pc": 16, "in": 96, "cm": 96 / 2.54, "mm": 96 / 25.4}


def _shown(style: str, word: str = WORD) -> bool:
    return word in visible(f'家計を見直します。<span style="{style}">{word}</span>外食を減らします。')


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(sorted(PX_PER_UNIT)), st.floats(min_value=0.001, max_value=60))
def test_font_size_in_any_unit_is_read_only_when_readable(unit: str, px: float) -> None:
    """A size under 7px in any unit hides the word; one of 8px or more shows it (7-8px is the tolerance band)."""
    written = f"{px / PX_PER_UNIT[unit]:.6f}"
    drawn = float(written) * PX_PER_UNIT[unit]  # the size as written to 6 places (8px in inches can be 7.9999997px)
    if 7 <= drawn < 8:
        return
    assert _shown(f"font-size:{written}{unit}") is (drawn >= 8), (written, unit)


@settings(max_examples=40, deadline=None)
@given(st.floats(min_value=0.0005, max_value=2))
def test_scale_hides_when_the_drawn_size_is_unreadable(scale: float) -> None:
    """16px text scaled by s is 16·s px tall."""
    if 7 <= 16 * scale < 8:
        return
    assert _shown(f"display:inline-block;transform:scale({scale:.5f})") is (16 * scale >= 8)


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(sorted(PX_PER_UNIT)), st.floats(min_value=101, max_value=100000))
def test_far_negative_offsets_in_any_unit_are_off_screen(unit: str, px: float) -> None:
    value = px / PX_PER_UNIT[unit]
    for prop in ("left", "top", "margin-left", "text-indent"):
        assert not _shown(f"position:absolute;{prop}:-{value:.6f}{unit}"), (prop, value, unit)


def _notations(r: int, g: int, b: int, alpha: float) -> list[str]:
    """One colour in the CSS notations (hex with alpha, rgb() with commas and with a slash, hsl())."""
    h, light, s = colorsys.rgb_to_hls(r / 255, g / 255, b / 255)
    return [
        f"#{r:02x}{g:02x}{b:02x}{round(alpha * 255):02x}",
        f"rgba({r},{g},{b},{alpha})",
        f"rgb({r} {g} {b} / {alpha * 100:.0f}%)",
        f"hsla({h * 360:.4f},{s * 100:.4f}%,{light * 100:.4f}%,{alpha})",
    ]


BYTE = st.integers(min_value=0, max_value=255)


@settings(max_examples=30, deadline=None)
@given(BYTE, BYTE, BYTE)
def test_alpha_zero_in_every_notation_hides(r: int, g: int, b: int) -> None:
    for notation in _notations(r, g, b, 0.0):
        assert not _shown(f"color:{notation}"), notation
    linear = [c / 255 / 12.92 if c / 255 <= 0.04045 else ((c / 255 + 0.055) / 1.055) ** 2.4 for c in (r, g, b)]
    if 1.05 / (0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2] + 0.05) < 1.5:
        return  # the page is white where nothing paints a background (2.6): text under contrast 1.5 may be unseen (2.8)
    for notation in _notations(r, g, b, 1.0):
        assert _shown(f"color:{notation}"), notation


@settings(max_examples=30, deadline=None)
@given(BYTE, BYTE, BYTE)
def test_text_the_colour_of_its_background_is_unseen(r: int, g: int, b: int) -> None:
    """The same colour in two notations for the text and its background hides the text; its complement shows it
    unless both are mid-grey (the complement of a grey near 128 is nearly the same grey)."""
    text, ground = _notations(r, g, b, 1.0)[1], f"#{r:02x}{g:02x}{b:02x}"
    assert not _shown(f"color:{text};background:{ground}")
    far = (255 - r, 255 - g, 255 - b)
    if max(abs(x - y) for x, y in zip((r, g, b), far, strict=True)) > 80:
        assert _shown(f"color:{text};background-color:rgb{far}")


HIDING = ["display:none", "visibility:hidden", "font-size:0", "opacity:0", "color:transparent"]


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(HIDING), st.lists(st.booleans(), min_size=20, max_size=20), st.booleans())
def test_entities_in_the_style_attribute_are_decoded(style: str, which: list[bool], hexadecimal: bool) -> None:
    """Writing any letters of a hiding style as character references leaves it hiding, as in a browser."""
    encoded = "".join(
        (f"&#x{ord(ch):x};" if hexadecimal else f"&#{ord(ch)};") if flip else ch
        for ch, flip in zip(style, which + [False] * len(style), strict=False)
    )
    assert not _shown(encoded), encoded


@settings(max_examples=40, deadline=None)
@given(KANA)
def test_an_overridden_rtl_element_reads_reversed(word: str) -> None:
    shown = visible(f'前<bdo dir="rtl">{word[::-1]}</bdo>後')
    assert shown == f"前{word}後"
    assert visible(f'前<span dir="rtl" style="unicode-bidi:bidi-override">{word[::-1]}</span>後') == f"前{word}後"


@settings(max_examples=40, deadline=None)
@given(KANA, st.booleans())
def test_generated_content_is_read(word: str, escaped: bool) -> None:
    content = "".join(f"\\{ord(ch):x} " for ch in word) if escaped else word
    for selector, element in ((".q::before", '<span class="q"></span>'), ("#z::after", '<b id="z"></b>')):
        shown = visible(f'<style>{selector}{{content:"{content}"}}</style>前{element}後')
        assert shown == f"前{word}後", (selector, escaped)


#: Marks a font draws like 、 (a comma or a low comma-shaped mark) and like 。 (a small ring or a baseline dot).
LOOK_ALIKE_COMMAS = "‚„⹂❟❠🙸¸˛ꓹ،՝᠂꘍፣𑑍"
LOOK_ALIKE_STOPS = "ₒᵒº₀⁰․ꓸ˚⸰◦∘⚬°ᐤ०๐۔።"


@pytest.mark.parametrize("mark", list(LOOK_ALIKE_COMMAS), ids=lambda c: f"U+{ord(c):04X}")
def test_look_alike_commas_are_read_as_toten_after_japanese(mark: str) -> None:
    assert not check("rule:no_comma", f"雨が降った{mark}傘を差した。", {}).passed, unicodedata.name(mark, "")
    assert "、" not in visible(f"A{mark}B")  # after a Latin letter a mark keeps its own role


@pytest.mark.parametrize("mark", list(LOOK_ALIKE_STOPS), ids=lambda c: f"U+{ord(c):04X}")
def test_look_alike_stops_are_read_as_kuten_after_japanese(mark: str) -> None:
    assert not check("rule:no_period", f"雨が降った{mark}傘を差した{mark}", {}).passed, unicodedata.name(mark, "")
    assert "。" not in visible(f"12{mark}5")  # after a digit a mark is no 句点


@settings(max_examples=60, deadline=None)
@given(st.text(alphabet=LOOK_ALIKE_COMMAS + LOOK_ALIKE_STOPS + "あいう漢字abc12 ·\n", max_size=30))
def test_the_view_is_idempotent_on_look_alikes(text: str) -> None:
    once = visible(text)
    assert visible(once) == once


#: (parent style, child style, whether the child's text shows): CSS 2.2 says visibility, color and font-size are
#: inherited (a child may set them again); display, opacity, clipping and transforms apply to the whole subtree.
SUBTREES = [
    ("visibility:hidden", "visibility:visible", True),
    ("color:transparent", "color:#000", True),
    ("font-size:0", "font-size:16px", True),
    ("font-size:0", "font-size:2em", False),
    ("color:#fff;background:#fff", "color:#000", True),
    ("color:#fff;background:#fff", "font-weight:bold", False),
    ("display:none", "display:inline", False),
    ("opacity:0", "opacity:1", False),
    ("transform:scale(0)", "transform:none", False),
    ("clip-path:inset(50%)", "clip-path:none", False),
]


@pytest.mark.parametrize(("parent", "child", "shows"), SUBTREES)
def test_a_descendant_shows_again_only_what_it_inherits(parent: str, child: str, shows: bool) -> None:
    shown = visible(f'前<div style="{parent}">隠れ<span style="{child}">{WORD}</span></div>後')
    assert (WORD in shown) is shows
    assert "隠れ" not in shown


@pytest.mark.parametrize(
    ("sheet", "inline", "shows"),
    [("display:none !important", "display:inline", False), ("display:none", "display:inline", True)],
)
def test_important_wins_over_a_normal_inline_style(sheet: str, inline: str, shows: bool) -> None:
    shown = visible(f'<style>.k{{{sheet}}}</style>前<span class="k" style="{inline}">{WORD}</span>後')
    assert (WORD in shown) is shows


@settings(max_examples=30, deadline=None)
@given(BYTE, BYTE, BYTE, st.integers(min_value=1, max_value=4))
def test_a_parent_background_is_painted_behind_its_children(r: int, g: int, b: int, depth: int) -> None:
    """Text of the colour of a background painted by an ancestor ``depth`` levels up is unseen; a child with its own
    far-off background shows it."""
    ground, ink = f"#{r:02x}{g:02x}{b:02x}", f"rgb({r},{g},{b})"
    opened, closed = "<div>" * (depth - 1), "</div>" * (depth - 1)
    page = f'前<div style="background:{ground}">{opened}<span style="color:{ink}">{WORD}</span>{closed}</div>後'
    assert WORD not in visible(page)
    far = "#000" if r + g + b > 382 else "#fff"
    boxed = page.replace('<span style="', f'<span style="background:{far};')
    assert WORD in visible(boxed)


def test_the_named_commas_and_stops_are_every_one_in_the_unicode_database() -> None:
    """Every punctuation mark of planes 0 and 1 named COMMA or FULL STOP, but Japanese's own, is read by role."""

    def named(word: str, own: str) -> set[str]:
        return {
            ch
            for ch in map(chr, range(0x80, 0x20000))
            if unicodedata.category(ch).startswith("P") and word in unicodedata.name(ch, "") and ch not in own
        }

    assert set(roles.NAMED_COMMAS) == named("COMMA", "、，､﹑﹐︑︐")
    assert set(roles.NAMED_STOPS) == named("FULL STOP", "。．｡﹒︒")


@settings(max_examples=40, deadline=None)
@given(st.floats(min_value=0.01, max_value=40), st.integers(min_value=1, max_value=9))
def test_a_size_written_as_calc_or_a_custom_property_is_the_size_it_computes(px: float, parts: int) -> None:
    """calc() of a sum of equal parts, and var() of a custom property, give the same verdict as the plain size."""
    if 7 <= px < 8:
        return
    plain = _shown(f"font-size:{px:.6f}px")
    summed = " + ".join([f"{px / parts:.8f}px"] * parts)
    if (parts * float(f"{px / parts:.8f}") >= 8) is (px >= 8):  # parts written to 8 places can sum across 8px
        assert _shown(f"font-size:calc({summed})") is plain
    assert _shown(f"--size:{px:.6f}px;font-size:var(--size)") is plain
    assert plain is (px >= 8)
