"""What people see: terminal output (rich) for the commands."""
