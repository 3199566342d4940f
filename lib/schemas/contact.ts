// The contact form, shared by the page (checks in the browser, the no-JavaScript form action) and
// POST /api/v1/contact (the authority). Messages are field error codes (lib/schemas/field-errors.ts).
import "./zod-config";
import { z } from "zod";
import { singleLineString, storableString } from "./storable-text";

export const CONTACT_SERVICES = ["general", "technology", "security", "consulting", "web", "support"] as const;
export type ContactServiceId = (typeof CONTACT_SERVICES)[number];
export const DEFAULT_CONTACT_SERVICE: ContactServiceId = "general";

export const CONTACT_LIMITS = {
  name: 100,
  email: 254,
  company: 150,
  subject: 200,
  message: 5000,
} as const;

/** Name of the hidden field people never see and bots fill in. */
export const HONEYPOT_FIELD = "website";

/** One line (name, subject) unless `multiline` (the message): see lib/schemas/storable-text.ts. */
const requiredText = (max: number, multiline = false) =>
  (multiline ? storableString : singleLineString)((issue) =>
    issue.input === undefined || issue.input === null ? "required" : "invalid_type",
  )
    .trim()
    .min(1, "required")
    .max(max, `too_long:${max}`);

const optionalText = (max: number) =>
  singleLineString("invalid_type")
    .trim()
    .max(max, `too_long:${max}`)
    .nullish()
    .transform((value) => value ?? "");

export const ContactSchema = z.object({
  name: requiredText(CONTACT_LIMITS.name),
  email: requiredText(CONTACT_LIMITS.email).pipe(z.email({ error: "invalid_email" })),
  company: optionalText(CONTACT_LIMITS.company),
  subject: requiredText(CONTACT_LIMITS.subject),
  message: requiredText(CONTACT_LIMITS.message, true),
  service: z
    .enum(CONTACT_SERVICES, "invalid_choice")
    .nullish()
    .transform((value) => value ?? DEFAULT_CONTACT_SERVICE),
  // The honeypot: accepted here so the server can refuse it with its own message.
  [HONEYPOT_FIELD]: optionalText(1000),
});

export type ContactInput = z.output<typeof ContactSchema>;
export type ContactField = "name" | "email" | "company" | "subject" | "message" | "service";

/** The form fields in the order they appear (for focusing the first invalid one). */
export const CONTACT_FIELDS: readonly ContactField[] = ["name", "email", "company", "service", "subject", "message"];

/** Field → error code of the first issue per field ("required", "too_long:100", ...). */
export function contactFieldCodes(error: z.ZodError): Partial<Record<string, string>> {
  const codes: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join(".") || "_";
    if (codes[key]) continue;
    codes[key] = /^[a-z_]+(:\d+)?$/.test(issue.message) ? issue.message : "invalid_type";
  }
  return codes;
}
