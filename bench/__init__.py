"""Developer benchmarks, run from the repository's root as `python -m bench.NAME`.

They print figures (docs/performance.md gives today's) and are not part of the shipped package.
"""
