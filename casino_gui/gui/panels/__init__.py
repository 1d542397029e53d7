"""The panels around the felt: the chip rack, the action bar and the status panel."""
