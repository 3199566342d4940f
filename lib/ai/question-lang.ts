// The language a question is written in, which the assistant searches in: a member on the English
// page who asks in Japanese is searched in the Japanese passages and answered, in English as the page
// is, from their English versions (found by a stranger's review: such a question was searched in the
// English passages and told the site had no answer). Told apart by script, which is all three
// languages need: kana is Japanese; hanzi alone is Chinese or Japanese, decided by the characters only
// one of them writes; Latin letters are English. Anything else is the page's.
import type { Lang } from "~/lib/i18n/languages";

const KANA = /[\p{Script=Hiragana}\p{Script=Katakana}]/gu;
const HAN = /\p{Script=Han}/gu;
const LATIN = /\p{Script=Latin}/gu;
/** Simplified forms (and Chinese function words) that Japanese does not write. */
const CHINESE_ONLY = /[们这么吗呢个还说该应时间发为从对关实现过样让给问题务费额报证业资产电开门东车话请师账单运营际备规缴纳价转续卖验济总]/gu;
/** Japanese forms (shinjitai) that Chinese writes otherwise. */
const JAPANESE_ONLY = /[対発関実続売払円験済総価転営務費額報証業資産電開門東車話請問題師帳単運際準備規応納]/gu;
/** Latin letters beyond this many per CJK character make a mixed question English ("How is 消費税 charged on imports?"). */
const LATIN_PER_CJK = 3;

const count = (text: string, pattern: RegExp) => text.match(pattern)?.length ?? 0;

/** The language of `question`, or `pageLang` when its script does not say. */
export function questionLang(question: string, pageLang: Lang): Lang {
  const kana = count(question, KANA);
  const han = count(question, HAN);
  const latin = count(question, LATIN);
  const cjk = kana + han;
  if (cjk === 0) return latin > 0 ? "en" : pageLang;
  if (latin > LATIN_PER_CJK * cjk) return "en";
  if (kana > 0) return "ja";
  const chinese = count(question, CHINESE_ONLY);
  const japanese = count(question, JAPANESE_ONLY);
  if (chinese > japanese) return "zh";
  if (japanese > chinese) return "ja";
  // Hanzi that both write: the page's language when it is one of them.
  return pageLang === "en" ? "zh" : pageLang;
}
