"""Judging: a played hand's verdict from its board, a tally hand's from its piles, the table's
claims against the rules, and a file's hands in order (dealer, carry, balance)."""
