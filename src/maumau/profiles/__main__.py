"""
Print the profile schema of the kernel and the built-in mechanics, as ``profile.schema.json`` ships it::

    python -m maumau.profiles > src/maumau/profiles/profile.schema.json
"""

import sys

from ._schema import built_in, text

sys.stdout.write(text(built_in()))
