"""Pictures the bot sends as photos (issue 36): plain data in, PNG out, drawn in the
painter's process (`painter.Painter`)."""
