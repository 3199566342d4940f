// Tiny message formatting: "{name}" placeholders, filled from an object. Plain text only; numbers
// with their thousands grouped.
// "{count|# credit|# credits}" is a count with its English singular and plural ("#" is the number):
// the first form for exactly 1, the second otherwise (Japanese and Chinese have no plural, so only
// English messages use it; tests/translations.test.ts checks that none says "1 credits").
// A number is a quantity (credits, characters, pages): its thousands are grouped with commas, as
// English, Japanese and Chinese all write them. A year or an id is passed as text and kept as given.
// A whole number's thousands are grouped here; Intl.NumberFormat only for a fraction, made on first
// need: a page's first Intl.NumberFormat costs its main thread 35-50 ms in Chromium (the locale data
// is loaded), and every service page shows "2,000" in its question counter (docs/performance.md,
// "2026-11-29, 08:15-09:30 UTC").
let grouped: Intl.NumberFormat | undefined;
const quantity = (value: number): string =>
  Number.isSafeInteger(value)
    ? (value < 0 ? "-" : "") + String(Math.abs(value)).replace(/\B(?=(\d{3})+$)/g, ",")
    : (grouped ??= new Intl.NumberFormat("en-US", { maximumFractionDigits: 20 })).format(value);

/** A quantity as format() writes it ("100,242"): the same grouping in English, Japanese and Chinese. */
export function formatQuantity(value: number): string {
  return Number.isFinite(value) ? quantity(value) : String(value);
}

export function format(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)(?:\|([^{}|]*)\|([^{}|]*))?\}/g, (whole, key: string, one?: string, other?: string) => {
    if (!Object.prototype.hasOwnProperty.call(values, key)) return whole;
    const raw = values[key];
    const value = typeof raw === "number" && Number.isFinite(raw) ? quantity(raw) : String(raw);
    if (one === undefined || other === undefined) return value;
    return (Number(values[key]) === 1 ? one : other).replaceAll("#", value);
  });
}

/**
 * A template whose "{name}" values are not text (a link, say), in parts: the text around the
 * placeholders and the values, in order. An unknown placeholder stays as written, as in format().
 */
export function formatParts<T>(template: string, values: Record<string, T>): (string | T)[] {
  return template
    .split(/\{(\w+)\}/)
    .map((part, i) => (i % 2 === 0 ? part : Object.hasOwn(values, part) ? values[part]! : `{${part}}`))
    .filter((part) => part !== "");
}

/** Replaces placeholders in every string of a content tree (objects, arrays); other values are kept. */
export function fillContent<T>(value: T, values: Record<string, string | number>): T {
  if (typeof value === "string") return format(value, values) as T;
  if (Array.isArray(value)) return value.map((item) => fillContent(item, values)) as T;
  if (value && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) out[key] = fillContent(item, values);
    return out as T;
  }
  return value;
}
