"""Putting the app on a Pico: gin deploy (files over USB), gin firmware (one UF2 with the app frozen in) and the build steps both use."""
