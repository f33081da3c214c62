"""Renderers: response records -> text or JSON. They never see the engine.

* :mod:`.server` - command-server framing (CSQN205I reply sets), what CSQUTIL and applications
  get and what ``mqsc run`` prints by default;
* :mod:`.console` - console framing (CPF after the id, CSQM201I multi-line DISPLAY blocks);
* :mod:`.jsonout` - one JSON object per command, modelled on the MQ REST API.
"""
