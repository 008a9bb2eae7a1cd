"""The outermost layer: the server ``make run`` starts, the live pages' streams, the change feed and the workers.

``asgi.make_asgi(flask_app)`` is the whole app as the server serves it: the streams (``streams.py``) answered on the
event loop, every other request handed to Flask in a bounded pool of threads. ``feed.Feed`` follows the change feed
the store writes with every change and wakes the streams of what changed. ``guard.py`` is the HTTP protocol with the
limits a public server needs (connections per client, deadlines, header size); ``cli.py`` starts it all.
"""
