"""The designer and teacher lab: build a board, ask the engine, hand the board on.

* ``tutor.lab.link`` — a whole scenario in a short, versioned, checksummed URL token.
* ``tutor.lab.m44`` — import boards from the community scenario editor's ``.m44`` files.
* ``tutor.lab.glossary`` — every rule term in English, Spanish, Czech and Polish, with the seed
  line each word comes from; the "language switch" that shows a rule's original wording.
* ``tutor.lab.board_odds`` — exact odds of an attack on a given board (hits, flag losses,
  elimination, medal).
* ``tutor.lab.handouts`` — printable one-page chapter references with the boards drawn.
* ``tutor.lab.conflicts_page`` — the source-conflicts page as HTML.
* ``tutor.lab.app`` — the lab notebook's widgets (the only module here that imports ipywidgets).

Nothing is imported here, so ``import tutor.lab.link`` stays light.
"""
