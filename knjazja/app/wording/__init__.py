"""Every word the game says: the string lookup and the language, names declined as a phrase
needs, narration of actions and events, refusals and card names, the rules page, the
glossary, the wording check.
"""
