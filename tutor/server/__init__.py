"""The server: what makes Voilà's standalone server serve the course as an app (``tutor app``,
and plain ``voila`` with the project's ``voila.json``). Never imported by a page or a kernel.

- :mod:`~tutor.server.wiring`: the hook ``voila.json`` names (``LandingPage``): when Voilà starts,
  it checks the installed Voilà, adds the app's routes before Voilà's own, bounds what a visitor
  may send, and sets up the modules below;
- :mod:`~tutor.server.pages`: the page handler (the app's scripts at the top of every page, one
  address per page, a page that can no longer be finished, "The course is full right now") and
  plain one-line error answers;
- :mod:`~tutor.server.preheat`: kernels that have run a page waiting for it, where learners go next;
- :mod:`~tutor.server.classroom`: ``tutor app --class N``, a class that opens the course at once;
- :mod:`~tutor.server.kernels`: the most kernels at once, a page that never opens its connection,
  kernels on local sockets, shut-downs that wait for what a kernel is doing;
- :mod:`~tutor.server.guard`: the kernel websocket, guarded; :mod:`~tutor.server.frames`, its
  pure reading of what a page sends (a frame in, a message's header or a refusal out);
- :mod:`~tutor.server.wire`: compressed responses and cache headers;
- :mod:`~tutor.server.voila_private`: the one module that reads Voilà's private state, with the
  check at start that the installed Voilà is one it knows.

Nothing is imported here: :mod:`~tutor.server.frames` and :mod:`~tutor.server.voila_private`
import neither Voilà nor tornado.
"""
