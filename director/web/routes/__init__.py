"""Where a request comes in (Datasette's views/): one module per page or resource, each a list
``routes`` of plain handlers, ``async def endpoint(request)``, that read the service's parts from
the app's state (director.web.service). director.web.app puts every list in one app behind the
one door (director.web.guard), which decides first who may ask.

The tables' API, public (signed by or for a table): ``tables_api`` (results, status, the
assignment), ``judge_api`` (challenges and verdicts, the judge station's too), ``enrolling``
(a table enrolling by its code; and the code the tables page asks for). The public live view:
``live_view``. The login: ``login``. Behind the director's session: ``director_page`` (the page,
its events and state), ``round_actions``, ``draw``, ``players``, ``corrections``, ``import_files``,
``downloads``, ``tables_page``, ``print_pages``. What they share: ``base``.
"""
