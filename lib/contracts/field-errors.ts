// Field error codes used as zod issue messages in every contract schema, their text per language, and
// the one function that turns a zod error into field errors. The API answers 400 with
// {error:{fields:{name: text}, codes:{name: code}}}; forms (app/components/ui/use-form.ts) show the same text.
import type { z } from "zod";
import type { Lang, Localized } from "~/lib/i18n/languages";
import { format } from "~/lib/i18n/format";

export const FIELD_ERRORS = {
  required: { en: "This field is required.", ja: "この項目は必須です。", zh: "此项为必填项。" },
  invalid_email: {
    en: "Enter a valid email address.",
    ja: "有効なメールアドレスを入力してください。",
    zh: "请输入有效的电子邮件地址。",
  },
  too_short: {
    en: "Must be at least {min|# character|# characters}.",
    ja: "{min} 文字以上で入力してください。",
    zh: "至少需要 {min} 个字符。",
  },
  too_long: {
    en: "Must be at most {max|# character|# characters}.",
    ja: "{max} 文字以内で入力してください。",
    zh: "最多 {max} 个字符。",
  },
  invalid_choice: { en: "Choose one of the options.", ja: "選択肢から選んでください。", zh: "请从选项中选择。" },
  invalid_characters: {
    en: "This field contains characters that are not allowed (such as a null character).",
    ja: "この項目には使用できない文字（NULL 文字など）が含まれています。",
    zh: "此项包含不允许使用的字符（例如空字符）。",
  },
  invalid_type: { en: "This value has the wrong type.", ja: "値の形式が正しくありません。", zh: "该值的类型不正确。" },
  // The checkout lists the countries (lib/countries.ts); an API client sends one of their ISO codes.
  invalid_country: {
    en: "Choose a country from the list.",
    ja: "リストから国を選んでください。",
    zh: "请从列表中选择国家/地区。",
  },
  invalid_number: { en: "Enter a whole number.", ja: "整数を入力してください。", zh: "请输入整数。" },
  invalid_format: {
    en: "This value is not in the expected format.",
    ja: "値の形式が正しくありません。",
    zh: "该值的格式不正确。",
  },
  same_password: {
    en: "Choose a new password that differs from your current one.",
    ja: "現在のパスワードとは異なる新しいパスワードを設定してください。",
    zh: "新密码不能与当前密码相同。",
  },
  min_value: { en: "Must be at least {min}.", ja: "{min} 以上の値を入力してください。", zh: "不能小于 {min}。" },
  max_value: { en: "Must be at most {max}.", ja: "{max} 以下の値を入力してください。", zh: "不能大于 {max}。" },
} satisfies Record<string, Localized<string>>;

export type FieldErrorCode = keyof typeof FIELD_ERRORS;

/** "too_short:8" → the too_short text with {min} = 8. Unknown codes fall back to invalid_type. */
export function fieldErrorText(code: string, lang: Lang): string {
  const [name = "", arg = ""] = code.split(":");
  const entry = (FIELD_ERRORS as Record<string, Localized<string>>)[name] ?? FIELD_ERRORS.invalid_type;
  // A number, so format() groups its thousands as the page's counters do ("2,000").
  const bound = arg === "" ? "" : Number(arg);
  return format(entry[lang] ?? entry.en, { min: bound, max: bound });
}

export interface FieldErrors {
  /** Field → translated message of its first issue. */
  fields: Record<string, string>;
  /** Field → the schema's code ("required", "too_long:100", ...). */
  codes: Record<string, string>;
}

// Schemas use codes as messages; zod's own messages (a wrong type) become invalid_type.
const CODE = /^[a-z_]+(:\d+)?$/;

/**
 * The first issue per field of a failed parse, as codes and as text in `lang`. Nested paths are
 * joined with "."; an issue about the whole value is keyed "_".
 */
export function fieldErrors(error: z.ZodError, lang: Lang): FieldErrors {
  const fields: Record<string, string> = {};
  const codes: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join(".") || "_";
    if (codes[key]) continue;
    const code = CODE.test(issue.message) ? issue.message : "invalid_type";
    codes[key] = code;
    fields[key] = fieldErrorText(code, lang);
  }
  return { fields, codes };
}
