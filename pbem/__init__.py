"""pbem: a play-by-email game master.

The way a mail travels is the layout: ``pbem/mail/`` fetches and sends
messages, ``intake`` reads who sent what, ``turns`` ends phases on time,
``reports`` renders what each player may see, ``archive`` keeps every turn,
and ``pbem/rulesets/<game>/`` holds each game's pure rules.
"""

__version__ = "0.1.0"
