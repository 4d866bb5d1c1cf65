"""The console's pages, one module per page: each renders data it is given into HTML."""
