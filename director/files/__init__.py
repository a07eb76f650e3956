"""The event's files: tsh's ``.t`` files and ``config.tsh``, the rating programs' ``.TOU``, CSV;
imports into the event and exports out of it, and their command line (``python -m director
import`` / ``export``). Imports the event room only."""
