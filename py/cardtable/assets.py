"""Package data files, wherever they live: beside the code, or on the site.

Under CPython (tests, the arena, the offline tools) a data file is read from the
package. In the page, large files stay out of ``cardtable.zip`` (``build.py`` puts
them in ``data/``) and are fetched the first time they are read, so a visitor who
never needs one never downloads it. The page sets the two hooks: ``BASE_URL``
(through the bridge's ``assets`` request) and ``fetch`` (in ``web/worker.py``,
the only place that may touch the browser).
"""

from __future__ import annotations

from pathlib import Path
from typing import Callable

BASE_URL: str | None = None
fetch: Callable[[str], bytes] | None = None   # url -> bytes, synchronous


def read(name: str) -> bytes:
    """The bytes of package data file ``name`` (a path inside the package)."""
    if BASE_URL is not None and fetch is not None:
        return fetch(BASE_URL + Path(name).name)
    return (Path(__file__).parent / name).read_bytes()
