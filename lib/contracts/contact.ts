// The contact API (POST /api/v1/contact) and form, shared by the page (checks in the browser, the
// no-JavaScript form action) and the router (the authority): the schema, the answer and the error
// codes. Messages are field error codes (lib/contracts/field-errors.ts).
import "./zod-config";
import { z } from "zod";
import { multiLineString, singleLineString } from "./storable-text";

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

/** One line (name, subject) unless `multiline` (the message): see lib/contracts/storable-text.ts. */
const requiredText = (max: number, multiline = false) =>
  (multiline ? multiLineString : singleLineString)((issue) =>
    issue.input === undefined || issue.input === null ? "required" : "invalid_type",
  )
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

/** POST /contact (201): the message was stored (and mailed when a team address is set). */
export interface ContactResponse {
  success: true;
  message: string;
  id: string;
  /**
   * A confirmation was mailed to the sender: only a signed-in member who gave their account's own
   * address (never an address anyone can type) gets one, in the firm's words only.
   */
  acknowledged: boolean;
}

export const CONTACT_ERROR_CODES = ["spam_rejected", "rate_limited", "unsupported_media_type"] as const;
export type ContactErrorCode = (typeof CONTACT_ERROR_CODES)[number];

export interface ContactEndpoints {
  "POST /contact": { body: z.input<typeof ContactSchema>; response: ContactResponse };
}
