"""The clock screen, from the first press to the confirmed result: the screen (screen), its view
as data (view) and its painting (draw), its touch controls (controls), the flat orientation
(flat), spoken and large times (speech, speak_press) and a score corrected by both players
(correct)."""
