// Contract of the admin's operator tools: GET /api/v1/admin/setup (the setup checklist) and the CSV
// exports GET /api/v1/admin/export/{users,payments}.csv (text/csv, not JSON; errors are JSON).
import { z } from "zod";

export const SETUP_ITEM_IDS = [
  "site_url",
  "payments",
  "stripe_webhook",
  "ai",
  "email",
  "mail_from",
  "contact",
  "legal_name",
  "tax_id",
  "admin_password",
  "database",
] as const;
export type SetupItemId = (typeof SETUP_ITEM_IDS)[number];

export interface SetupItem {
  id: SetupItemId;
  /** done: configured; todo: an embedded default is still in use; info: a default that can be right (the embedded database, no tax registration number). */
  status: "done" | "todo" | "info";
  /** The variables this item is about (names only, never values). */
  variables: string[];
  /** Of those, the ones still unset (empty when done). */
  missing: string[];
  /** Where the operator reads more: a file and section of the repository's docs. */
  docs: string;
}

export interface SetupChecklistResponse {
  success: true;
  items: SetupItem[];
}

/** The endpoints for the typed client; a CSV export is a download (text/csv, saved with downloadFile). */
export interface AdminSetupEndpoints {
  "GET /admin/setup": { response: SetupChecklistResponse };
  "GET /admin/export/:file": { params: { file: `${ExportKind}.csv` }; response: string };
}

export const EXPORT_KINDS = ["users", "payments"] as const;
export const ExportKindSchema = z.enum(EXPORT_KINDS);
export type ExportKind = z.infer<typeof ExportKindSchema>;
