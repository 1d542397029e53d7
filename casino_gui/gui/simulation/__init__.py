"""Game ▸ Simulate…: a simulation of the table's rules in the worker process, with charts."""
