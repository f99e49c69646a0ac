"""Other forms of the same letter, for word identity: an old (旧字体) kanji is its new form to a reader looking for a
word (廣告 is 広告, 學校 is 学校), and a Cyrillic or Greek capital drawn exactly as a Latin one is that Latin letter
(АІ is AI). ``standard`` maps letter for letter, so offsets into its output are offsets into its input.

Only the old forms of the 常用漢字 that print differently and stand for the same word are listed, each folded the way a
modern reader reads it (藝 as 芸).
"""

from __future__ import annotations

from functools import lru_cache

#: Old kanji forms and their new ones (pairs: old, new).
OLD_FORMS = (
    "亞亜惡悪壓圧圍囲醫医爲為壹壱隱隠榮栄營営衞衛驛駅圓円鹽塩奧奥應応歐欧毆殴櫻桜假仮價価畫画會会壞壊懷懐繪絵擴拡"
    "覺覚學学嶽岳樂楽氣気歸帰僞偽犧犠舊旧據拠擧挙峽峡挾挟狹狭曉暁區区驅駆勳勲徑径惠恵溪渓經経繼継莖茎螢蛍輕軽鷄鶏"
    "藝芸缺欠儉倹劍剣圈圏檢検權権獻献縣県險険顯顕驗験嚴厳效効廣広恆恒鑛鉱號号國国濟済碎砕齋斎劑剤雜雑參参慘惨棧桟"
    "蠶蚕贊賛殘残絲糸齒歯兒児辭辞濕湿實実舍舎寫写釋釈壽寿收収從従澁渋獸獣縱縦肅粛處処敍叙將将燒焼稱称證証奬奨乘乗"
    "剩剰壤壌孃嬢條条淨浄狀状疊畳讓譲釀醸觸触囑嘱眞真愼慎寢寝盡尽圖図粹粋醉酔穗穂隨随髓髄數数樞枢聲声靜静齊斉攝摂"
    "竊窃專専戰戦淺浅潛潜纖繊踐践錢銭禪禅雙双壯壮搜捜插挿爭争總総莊荘裝装騷騒藏蔵臟臓卽即屬属續続墮堕體体對対帶帯"
    "滯滞臺台瀧滝擇択澤沢單単擔担膽胆團団彈弾斷断癡痴遲遅晝昼蟲虫鑄鋳廳庁聽聴鎭鎮遞逓鐵鉄轉転點点傳伝黨党盜盗燈灯"
    "當当鬪闘獨独讀読屆届貳弐惱悩腦脳霸覇廢廃拜拝賣売麥麦發発髮髪拔抜蠻蛮祕秘濱浜甁瓶拂払佛仏竝並變変邊辺辯弁瓣弁"
    "辨弁舖舗步歩寶宝豐豊沒没飜翻每毎萬万滿満默黙彌弥譯訳藥薬與与豫予餘余譽誉搖揺樣様謠謡來来賴頼亂乱覽覧龍竜兩両"
    "獵猟綠緑壘塁淚涙勵励禮礼靈霊齡齢戀恋爐炉勞労樓楼祿禄錄録灣湾黃黄黑黒"
    "亰京塲場舘館冨富嶋島﨑崎髙高"  # variant (異体字) forms read as the common one (r7: 東亰 is 東京)
)
#: Cyrillic and Greek letters drawn exactly as a Latin letter (pairs: look-alike, Latin).
LATIN_LOOKALIKES = "АAВBСCЕEНHІIЈJКKМMОOРPЅSТTХXУYаaсcеeіiјjоoрpѕsхxуyΑAΒBΕEΗHΙIΚKΜMΝNΟOΡPΤTΧXΥYΖZοo"

_TABLE = str.maketrans(
    {old: new for old, new in zip(OLD_FORMS[::2], OLD_FORMS[1::2], strict=True)}
    | {alike: latin for alike, latin in zip(LATIN_LOOKALIKES[::2], LATIN_LOOKALIKES[1::2], strict=True)}
)


@lru_cache(maxsize=2048)
def standard(text: str) -> str:
    """``text`` with old kanji forms in their new form and Latin look-alikes as Latin, letter for letter."""
    return text.translate(_TABLE)


__all__ = ["LATIN_LOOKALIKES", "OLD_FORMS", "standard"]
