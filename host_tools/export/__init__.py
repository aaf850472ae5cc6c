"""gin export: the saved matches and club nights, off the device or a folder, as CSV and HTML pages."""
