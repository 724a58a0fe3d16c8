"""The app's screens: launcher, new-game setup, load, rules, settings and the modals."""
