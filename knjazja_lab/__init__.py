"""The laboratory of Knjaz'ja: what measures and trains the bots but never plays a player's
game.  Arenas (`arena`, `factory`: the variant language of seat kinds, `gamestats`,
`proxies`: the human-like seats), training (`train`, `selfplay`, `model`: numpy), the
searches measured against the shipped Hard (`learned`, `paired`, `tree`), the classic
bots (`classic/`), the replay of a save's open chances (`replay`), the bots' speed bench
(`bench`) and the experiments (`experiments/`).

It lives beside the `knjazja` package in a checkout and is left out of the wheel and the
executable; `knjazja simulate --seats`, `train`, `replay` and `bench bots` load it
(`knjazja.cli._lab`).  It imports the game's package; the game never imports it.
"""
