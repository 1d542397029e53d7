"""The table's sound cues: the cues (`cues`), their synthesis (`synthesis`), when they are heard
(`mixing`), who plays them (`player`) and the table's mute button (`mute_button`).

Importing this package loads no Qt module: QtMultimedia is imported on the first cue played.
"""
