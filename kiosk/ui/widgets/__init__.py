"""What every screen shares: the Screen base and the Table it asks (base), colours and text
(theme), the on-screen keyboard as data (keys) and drawn (keyboard), the editors behind typing
(entry), the screen's frame (frame), the game in words (words) and the failsafe screen. Imports
no other room of the screens."""
