"""What a game and its kit are: the Game protocol, the kit description (kitspec), loading and
making a kit (kit), and the editor schemas."""
