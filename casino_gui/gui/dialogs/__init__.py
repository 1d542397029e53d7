"""The dialogs: rules, custom table, history, strategy chart."""
