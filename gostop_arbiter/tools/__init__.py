"""Tools beside the pipeline: random legal hands (simulate), deliberate faults (tamper), many
files at once (audit and its summary), and the references in docs/ made from the code (docgen)."""
