// Admin area inputs, shared by the admin pages (forms, URL parameters) and the admin API.
// Messages are field error codes (lib/schemas/field-errors.ts).
import "./zod-config";
import { z } from "zod";
import { storableString } from "./storable-text";

export const USER_SORTS = ["created_desc", "created_asc", "credits_desc", "credits_asc"] as const;
export type UserSort = (typeof USER_SORTS)[number];
export const SEARCH_MATCHES = ["prefix", "contains"] as const;
export type SearchMatch = (typeof SEARCH_MATCHES)[number];

export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 20;
export const MAX_CREDIT_ADJUSTMENT = 1_000_000;
export const MAX_REASON_LENGTH = 500;
export const MAX_SEARCH_LENGTH = 100;

/** A whole number from JSON or a form/query string; empty is "required". */
const wholeNumber = (min: number, max: number) =>
  z.preprocess(
    (value) => {
      if (typeof value !== "string") return value;
      const trimmed = value.trim();
      if (trimmed === "") return undefined;
      return /^-?\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
    },
    z
      .number({ error: (issue) => (issue.input === undefined ? "required" : "invalid_number") })
      .int("invalid_number")
      .min(min, `min_value:${min}`)
      .max(max, `max_value:${max}`),
  );

const optionalWholeNumber = (min: number, max: number, fallback: number) =>
  z.preprocess((value) => (value === undefined || value === "" ? fallback : value), wholeNumber(min, max));

/** GET /api/v1/user/get query (and the users page's URL parameters). */
export const UserListQuerySchema = z.object({
  page: optionalWholeNumber(1, 1_000_000, 1),
  pageSize: optionalWholeNumber(1, MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE),
  q: storableString("invalid_type").trim().max(MAX_SEARCH_LENGTH, `too_long:${MAX_SEARCH_LENGTH}`).default(""),
  sort: z.enum(USER_SORTS, "invalid_choice").default("created_desc"),
  // "prefix" is answered from indexes; "contains" reads every row (see lib/admin/users.server.ts).
  match: z.enum(SEARCH_MATCHES, "invalid_choice").default("prefix"),
});
export type UserListQuery = z.output<typeof UserListQuerySchema>;

export const CREDIT_DIRECTIONS = ["grant", "deduct"] as const;

/** POST /api/v1/admin/users/:id/credits: grant or deduct `amount` credits, with a reason for the ledger. */
export const CreditAdjustmentSchema = z.object({
  direction: z.enum(CREDIT_DIRECTIONS, "invalid_choice"),
  amount: wholeNumber(1, MAX_CREDIT_ADJUSTMENT),
  reason: storableString((issue) => (issue.input === undefined ? "required" : "invalid_type"))
    .trim()
    .min(1, "required")
    .max(MAX_REASON_LENGTH, `too_long:${MAX_REASON_LENGTH}`),
});
export type CreditAdjustment = z.output<typeof CreditAdjustmentSchema>;

/** The signed ledger delta of an adjustment. */
export const adjustmentDelta = (input: Pick<CreditAdjustment, "direction" | "amount">): number =>
  input.direction === "deduct" ? -input.amount : input.amount;

export const ROLES = ["user", "admin"] as const;

/** POST /api/v1/admin/users/:id/role */
export const RoleChangeSchema = z.object({
  role: z.enum(ROLES, "invalid_choice"),
});

export const MESSAGE_FILTERS = ["all", "unread", "read"] as const;
export type MessageFilter = (typeof MESSAGE_FILTERS)[number];

/** GET /api/v1/admin/messages query. */
export const MessageListQuerySchema = z.object({
  page: optionalWholeNumber(1, 1_000_000, 1),
  pageSize: optionalWholeNumber(1, MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE),
  status: z.enum(MESSAGE_FILTERS, "invalid_choice").default("all"),
});
export type MessageListQuery = z.output<typeof MessageListQuerySchema>;

/** POST /api/v1/admin/messages/:id/read */
export const MessageReadSchema = z.object({
  read: z.boolean("invalid_type"),
});

/** A user or message id in a URL: any 8-4-4-4-12 hex id PostgreSQL accepts (anything else is simply not found). */
export const IdSchema = z.guid();
