"""The kinema package for pip (python/pyproject.toml, docs/python.md): python/kinema's files plus the extension
kinema._kinema, which the project's CMake build makes (build_backend/kinema_build.py)."""

import os
import sys

from setuptools import Extension, setup

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "build_backend"))
import kinema_build  # noqa: E402

build_base = str(kinema_build.setuptools_build_base())

setup(
    name="kinema",
    version=kinema_build.project_version(),
    description="Game character movement models, movement analysis and chase reasoning",
    python_requires=">=3.9",
    install_requires=["numpy"],
    packages=["kinema"],
    package_data={"kinema": ["*.pyi", "py.typed"]},
    # No sources: CMakeBuildExt builds it with CMake. Its presence makes the wheel platform-specific.
    ext_modules=[Extension("kinema._kinema", sources=[])],
    cmdclass={"build_ext": kinema_build.CMakeBuildExt},
    options={"build": {"build_base": os.path.join(build_base, "setuptools")},
             "egg_info": {"egg_base": build_base}},
    zip_safe=False,
)
