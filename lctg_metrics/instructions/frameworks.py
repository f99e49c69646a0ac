"""The hiding classes of the common CSS frameworks and CMSs: no stylesheet is needed to know what they do."""

from __future__ import annotations

import re

#: Class names the common CSS frameworks and CMSs define as hidden (Bootstrap 3-5, Tailwind, Foundation, Bulma,
#: WordPress, Drupal, jQuery UI, HTML5 Boilerplate, Bulma, UIkit, GOV.UK, USWDS, Angular CDK): no stylesheet is needed
#: to know what they do.
HIDING_CLASSES = frozenset(
    {
        "sr-only",
        "sr-only-focusable",
        "visually-hidden",
        "visually-hidden-focusable",
        "visuallyhidden",
        "hidden-visually",
        "is-visually-hidden",
        "u-visually-hidden",
        "screen-reader-only",
        "screen-reader-text",
        "screenreader-only",
        "screenreader",
        "show-for-sr",
        "element-invisible",
        "element-hidden",
        "offscreen",
        "off-screen",
        "a11y-hidden",
        "assistive-text",
        "ui-helper-hidden",
        "ui-helper-hidden-accessible",
        "hidden",
        "hide",
        "is-hidden",
        "u-hidden",
        "d-none",
        "display-none",
        "invisible",
        "is-invisible",
        "opacity-0",
        "hide-text",
        "text-hide",
        "sr-text",
        "is-sr-only",
        "uk-hidden",
        "slds-assistive-text",
        "govuk-visually-hidden",
        "usa-sr-only",
        "cdk-visually-hidden",
        "nhsuk-u-visually-hidden",
        "visuallyHidden",
        "srOnly",
        "sr_only",
        "a11y-only",
        "hidden-text",
        "hide-visually",
        "vh",
        "visually-hidden-text",
        "screen-reader",
        "hidden-accessible",
    }
)
#: A responsive class that shows an element on some screens (Bootstrap d-md-block, Tailwind md:block): not hidden.
SHOWN_SOMEWHERE = re.compile(
    r"^(?:d-(?:sm|md|lg|xl|xxl)-(?!none)\w|(?:sm|md|lg|xl|2xl):(?!hidden|sr-only|invisible)"
    r"|not-sr-only$|visible-)"
)

__all__ = ["HIDING_CLASSES", "SHOWN_SOMEWHERE"]
