"""``python -m pbem``: the ``pbem`` command."""

import sys

from pbem.cli.entry import main

sys.exit(main())
