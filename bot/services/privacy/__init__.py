"""Privacy: /forget, and how long what is kept is kept."""
