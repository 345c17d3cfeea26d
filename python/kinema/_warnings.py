"""The warnings of the kinema package (docs/python.md "Warnings")."""


class SeedMovedWarning(UserWarning):
    """A chase seed on a wall or off the floor was moved to the nearest cell, as `kinema chase` moves it
    (the text is the CLI's stderr note: from which point to which tile and centre)."""
