"""What build.py wrote into dist/sw.js: the service worker's version and the files
it precaches (read by the offline browser tests and the build's own tests)."""

import json
import re
from pathlib import Path

from sitebuild import DIST


def built_service_worker(dist: Path = DIST) -> dict:
    """The version and precache list build.py wrote into sw.js."""
    source = (dist / "sw.js").read_text(encoding="utf-8")
    return json.loads(re.search(r"^const BUILD = (.*?); // written by build.py$", source, re.M | re.S).group(1))
