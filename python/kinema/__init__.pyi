from . import analysis as analysis, chase as chase, morrowind as morrowind, movement as movement, pursuit as pursuit

__version__: str

class SeedMovedWarning(UserWarning): ...
