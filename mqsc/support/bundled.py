"""Files shipped with mqsc: found inside the installed package or in a source checkout.

The wheel carries grammar/mqsc.lark and samples/qmz1 inside the package (see pyproject.toml);
a checkout or an editable install finds them at the top of the repository.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

_TOP = Path(__file__).resolve().parents[2]


def bundled(relative: str) -> Path:
    """Path of ``relative`` (e.g. ``grammar/mqsc.lark``) in the package or the checkout."""
    packaged = resources.files("mqsc").joinpath(relative)
    if packaged.is_file() or packaged.is_dir():
        return Path(str(packaged))
    return _TOP / relative
