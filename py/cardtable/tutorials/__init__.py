"""The guided first game of each game: ``<game>.py`` ends with ``TUTORIAL`` (see ``cardtable.tutorial``)."""
