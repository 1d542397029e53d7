"""The step-by-step replay of a stored round: its steps (Qt-free), their painting on the
table's own scene, and the viewer dialog."""
