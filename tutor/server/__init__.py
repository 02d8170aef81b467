"""The server: what makes Voilà's standalone server serve the course as an app (``tutor app``,
and plain ``voila`` with the project's ``voila.json``). Never imported by a page or a kernel.

- :mod:`~tutor.server.voila_private`: the one module that reads Voilà's private state, with the
  check at start that the installed Voilà is one it knows.
"""
