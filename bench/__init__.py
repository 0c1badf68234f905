"""Benchmarks: they print tables (median, spread, ratio to a baseline of the same run)."""
