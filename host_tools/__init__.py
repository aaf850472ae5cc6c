"""PC tools for the Gin Rummy score device; run them through host_tools/gin."""
