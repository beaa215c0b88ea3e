"""The answer to someone whose language pbem cannot know: in the language of the game their mail
names, then in English (once, where the two are the same), since the sender may read either."""

from __future__ import annotations

from typing import Any

from pbem import i18n
from pbem.run import Run


def in_both(
    run: Run, template: str, language: str, subject: str, game: dict[str, Any], **context: Any
) -> tuple[str, str]:
    """``template`` rendered in ``language`` and in English, one after the other, and ``subject``
    (a pbem.i18n Message) in both, joined by " / "."""
    languages = list(dict.fromkeys([language, i18n.DEFAULT]))
    text = "\n".join(
        run.templates.text(
            template,
            game={**game, "language": spoken},
            service=run.service.name,
            address=run.service.address,
            **context,
        )
        for spoken in languages
    )
    return text, " / ".join(i18n.render(subject, spoken) for spoken in languages)
