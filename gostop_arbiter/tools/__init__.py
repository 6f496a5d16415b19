"""Tools beside the pipeline: random legal hands (simulate), deliberate faults (tamper), and many
files at once (audit and its summary)."""
