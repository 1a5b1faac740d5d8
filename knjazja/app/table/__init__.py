"""The table without pygame: what a click means (the controller, its interaction states and
clicks), undo and hand-over, the view the animations have shown, the banner's words, the
Hint's request.
"""
