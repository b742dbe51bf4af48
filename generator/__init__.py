"""paper-digest: abstract files in, a categorised, cross-linked, searchable static site out."""

__version__ = "0.1.0"
