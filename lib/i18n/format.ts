// Tiny message formatting: "{name}" placeholders, filled from an object. Plain text only.
export function format(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) =>
    Object.prototype.hasOwnProperty.call(values, key) ? String(values[key]) : whole,
  );
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
