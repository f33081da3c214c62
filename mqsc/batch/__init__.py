"""Batch front ends: CSQUTIL, JCL jobs, CI reports, lint, dump, plan and diff.

What a z/OS shop does with MQSC outside the console: command decks run as CSQUTIL job steps
(:mod:`~mqsc.batch.csqutil`) inside JCL jobs (:mod:`~mqsc.batch.jcl`, :mod:`~mqsc.batch.runner`,
:mod:`~mqsc.batch.jes`, :mod:`~mqsc.batch.programs`), and the same decks checked in CI
(:mod:`~mqsc.batch.lint`, :mod:`~mqsc.batch.cireports`), dumped (:mod:`~mqsc.batch.dump`) and
reviewed before they change anything (:mod:`~mqsc.batch.plan`). docs/batch.md and docs/ci.md
describe them; the CLI modules under ``mqsc.cli`` are their thin front ends.
"""
