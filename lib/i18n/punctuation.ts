// How a label meets its value and how an aside is bracketed in each language: Japanese and Chinese
// write full-width forms ("作者：", "（税込）"), English ": " and " (…)".
import type { Lang } from "./languages";

/** "Label: value", or "ラベル：値" in Japanese and Chinese. */
export function labelled(lang: Lang, label: string, value: string): string {
  return lang === "en" ? `${label}: ${value}` : `${label}：${value}`;
}

/** " (aside)" after a word, or "（補足）" in Japanese and Chinese. */
export function aside(lang: Lang, text: string): string {
  return lang === "en" ? ` (${text})` : `（${text}）`;
}
