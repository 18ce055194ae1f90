"""`python -m whatsnew ARGS` runs the whatsnew binary this package finds."""

import sys

from whatsnew import main

sys.exit(main())
