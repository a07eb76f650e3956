"""The table's link to the director: the HTTP client and the sender's worker thread, the serial
link, the assignment applied, enrolling by code (the table's end), finding the director by DNS-SD,
and the judge station's challenges. What crosses the wire is common.wire's."""
