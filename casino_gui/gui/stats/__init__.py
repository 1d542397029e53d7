"""The player's record in the window: the statistics page (Game ▸ Statistics), the bankroll
chart (QtCharts) and the session report shown at quit. Every figure is the store's
(`casino_gui.store.stats`), worked out in the worker process while a spinner turns.

Imported on first use only (the window's startup does not pay for QtCharts or the advisor).
"""
