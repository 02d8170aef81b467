"""What the chapters share, one module a game: the boards, worked examples and small helpers that
several chapters show (``tutor.examples.memoir``, ``tutor.examples.undaunted``). A chapter module
imports them from here and never imports another chapter."""
