"""paper-digest: abstract files in, a categorised, cross-linked, searchable static site out."""
import os

# numpy asks the kernel for huge pages for big arrays; where transparent huge pages are on (as on
# the build machine) that made allocating the generator's many short-lived arrays slow: the
# near-duplicate check at 20,000 papers took 9.5 s with it, 7.0 s without.  Set before numpy loads.
os.environ.setdefault("NUMPY_MADVISE_HUGEPAGE", "0")

__version__ = "0.1.0"
