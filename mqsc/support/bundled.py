"""Files shipped with mqsc: found inside the installed package or in a source checkout.

The wheel carries grammar/mqsc.lark and samples/qmz1 inside the package (see pyproject.toml);
a checkout or an editable install finds them at the top of the repository.
"""

from __future__ import annotations

from pathlib import Path

# The package directory (what importlib.resources.files("mqsc") is for a package installed as
# files, the only way mqsc is installed; importing importlib.resources costs every start).
_PACKAGE = Path(__file__).resolve().parents[1]
_TOP = _PACKAGE.parent


def bundled(relative: str) -> Path:
    """Path of ``relative`` (e.g. ``grammar/mqsc.lark``) in the package or the checkout."""
    packaged = _PACKAGE / relative
    if packaged.is_file() or packaged.is_dir():
        return packaged
    return _TOP / relative
