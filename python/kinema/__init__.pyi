from . import analysis as analysis, chase as chase, morrowind as morrowind, movement as movement

__version__: str

class SeedMovedWarning(UserWarning): ...
