"""Views of the clerk's desk, one module per screen family."""
