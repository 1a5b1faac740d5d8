"""A refused save is told in the player's language, one line for every kind of refusal."""
from knjazja.app.wording.save_errors import save_error_text
from knjazja.engine import SaveError
from knjazja.engine.saves import SAVE_ERROR_KINDS


def test_the_player_reads_the_refusal_in_his_language():
    for lang in ("ru", "en"):
        texts = {save_error_text(SaveError("x", kind), lang) for kind in SAVE_ERROR_KINDS}
        assert len(texts) == len(SAVE_ERROR_KINDS) and not any("{" in t for t in texts)
    assert save_error_text(SaveError("x", at=12), "ru").replace("\xa0", " ") == (
        "Сохранение повреждено: ход 12 невозможен по правилам")
