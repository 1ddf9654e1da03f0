"""The inspection screens, one module per subject."""
