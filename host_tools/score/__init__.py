"""The scoring commands - gin game, hand, deadwood and club: the core's answers on the command line."""
