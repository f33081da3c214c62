"""``mqsc serve``: the IBM MQ administrative REST API (mqweb) and the z/OSMF console, jobs
and files services, over HTTP, so that the clients written for them (the Zowe CLI and its IBM
MQ plug-in, the MQ REST API wrappers, curl in a pipeline) run unchanged against mqsc
(docs/serve.md).

A front end like the CLI: it opens queue managers through ``mqsc.store.home`` and drives them
through ``QueueManager.execute``, and renders with ``mqsc.render``. Starlette and uvicorn are
imported only by :mod:`mqsc.serve.app` and :mod:`mqsc.serve.server` (the ``serve`` extra).
"""
