// How a label meets its value, how a list is written and how an aside is bracketed in each language:
// Japanese and Chinese write full-width forms ("作者：", "A、B。", "（税込）"), English ": ", "A, B." and " (…)".
import type { Lang } from "./languages";

/** "Label: value", or "ラベル：値" in Japanese and Chinese. */
export function labelled(lang: Lang, label: string, value: string): string {
  return lang === "en" ? `${label}: ${value}` : `${label}：${value}`;
}

/** "a, b, c." as one sentence, or "a、b、c。" in Japanese and Chinese. */
export function listed(lang: Lang, items: string[]): string {
  return lang === "en" ? `${items.join(", ")}.` : `${items.join("、")}。`;
}

/** Sentences one after another: a space between them in English, none after "。" in Japanese and Chinese. */
export function sentences(lang: Lang, ...texts: string[]): string {
  return texts.join(lang === "en" ? " " : "");
}

/** " (aside)" after a word, or "（補足）" in Japanese and Chinese. */
export function aside(lang: Lang, text: string): string {
  return lang === "en" ? ` (${text})` : `（${text}）`;
}
