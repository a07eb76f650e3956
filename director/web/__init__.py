"""The web service: the app and its routes, the one door (guard), the login, sessions and
password, what the pages show (view, parts) and the live views' server-sent events, with the
pages' templates and static files. Imports the event, files and tables rooms."""
