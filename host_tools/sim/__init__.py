"""gin sim: the device's firmware in a terminal, on the same stand-ins as the tests."""
