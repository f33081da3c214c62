"""``python -m mqsc``: the same as the ``mqsc`` command."""

from mqsc.cli import main

raise SystemExit(main())
