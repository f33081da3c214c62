"""The object families: one module per catalog family module, of the same name.

Each holds one family's z/OS rules and registers its command handlers with
:func:`mqsc.engine.registry.handles`; :func:`mqsc.engine.registry.load` imports them all,
from the catalog's list (:data:`mqsc.catalog.FAMILY_MODULES`). Nothing else imports a
family: what two families share, or what the core needs of one, lives in the core
(``mqsc/engine/*.py``). A new family is one catalog module (named in ``FAMILY_MODULES``) plus
one module here.
"""
