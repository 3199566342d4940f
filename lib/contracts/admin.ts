// The admin API (/api/v1/admin: one user's history, credit adjustments, roles, the contact inbox; and
// GET /api/v1/user/get, the user table): inputs shared by the admin pages (forms, URL parameters) and
// the routers, the answers (dates as ISO strings) and the error codes. Messages are field error codes
// (lib/contracts/field-errors.ts).
import "./zod-config";
import { z } from "zod";
import type { creditLedger } from "~/db/schema";
import type { AiQuestionStatus, Citation } from "./ai";
import { IdempotencyKeySchema } from "./idempotency-key";
import type { PaymentStatus } from "./payment";
import { multiLineString, storableString } from "./storable-text";
import { optionalWholeNumber, wholeNumber } from "./whole-number";
import { ROLES, type Role } from "./user";

export const USER_SORTS = ["created_desc", "created_asc", "credits_desc", "credits_asc"] as const;
export type UserSort = (typeof USER_SORTS)[number];
export const SEARCH_MATCHES = ["prefix", "contains"] as const;
export type SearchMatch = (typeof SEARCH_MATCHES)[number];

export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 20;
export const MAX_CREDIT_ADJUSTMENT = 1_000_000;
export const MAX_REASON_LENGTH = 500;
export const MAX_SEARCH_LENGTH = 100;

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
  reason: multiLineString((issue) => (issue.input === undefined ? "required" : "invalid_type"))
    .min(1, "required")
    .max(MAX_REASON_LENGTH, `too_long:${MAX_REASON_LENGTH}`),
  /** One per adjustment the admin means, re-sent when the same one is sent again (lib/contracts/idempotency-key.ts). */
  idempotencyKey: IdempotencyKeySchema.optional(),
});
export type CreditAdjustment = z.output<typeof CreditAdjustmentSchema>;

/** The signed ledger delta of an adjustment. */
export const adjustmentDelta = (input: Pick<CreditAdjustment, "direction" | "amount">): number =>
  input.direction === "deduct" ? -input.amount : input.amount;

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

/** An account as the admin pages show it. */
export interface AdminUser {
  id: string;
  name: string;
  email: string;
  role: Role;
  credits: number;
  /** True while the account has a succeeded payment that is not refunded. */
  paymentDone: boolean;
  /** The package of the latest such payment; '' when none. */
  package: string;
  createdAt: string;
  /**
   * What the admin pages show as the payment status: "paid" (paymentDone), "refunded" (bought, and every
   * purchase was refunded) or "not_purchased" (never bought). paymentDone and package stay the refund
   * rule's: a refunded member is no longer paid and has no package.
   */
  paymentStatus: AdminPaymentStatus;
  /** The package of the latest purchase, refunded or not; '' when the account never bought. */
  lastPackage: string;
}

export const ADMIN_PAYMENT_STATUSES = ["paid", "refunded", "not_purchased"] as const;
export type AdminPaymentStatus = (typeof ADMIN_PAYMENT_STATUSES)[number];

/** One row of GET /user/get (`_id` is the name the first release published). */
export type AdminUserListRow = Omit<AdminUser, "id"> & { _id: string };

/** GET /user/get */
export interface UserListResponse {
  success: true;
  users: AdminUserListRow[];
  page: number;
  pageSize: number;
  /** Exact, or the count limit when totalCapped (a search with more matches than that). */
  total: number;
  totalCapped: boolean;
}

/** The kind of a ledger row, from the database column (db/schema.ts). */
export type LedgerKind = (typeof creditLedger.$inferSelect)["kind"];

export interface AdminLedgerEntry {
  id: number;
  delta: number;
  balanceAfter: number;
  kind: LedgerKind;
  reason: string | null;
  paymentId: string | null;
  aiQuestionId: string | null;
  adminId: string | null;
  adminName: string | null;
  adminEmail: string | null;
  createdAt: string;
}

export interface AdminPaymentEntry {
  id: string;
  package: string;
  amountCents: number;
  currency: string;
  credits: number;
  provider: string;
  status: PaymentStatus;
  /** Set once granted (a receipt exists); null for a failed or pending attempt. */
  receiptNumber: number | null;
  error: string | null;
  country: string;
  createdAt: string;
}

export interface AdminQuestionEntry {
  id: string;
  topic: string;
  lang: string;
  question: string;
  /** Empty unless the answer was completed. */
  answer: string;
  /** The pages the answer cites, most relevant first. */
  citations: Citation[];
  source: string;
  status: AiQuestionStatus;
  creditsSpent: number;
  /** When the member returned the answer's credit (it missed the question); null when not returned. */
  creditReturnedAt: string | null;
  createdAt: string;
}

/** One account's history: the newest rows of each (DETAIL_LIMITS on the server), and how many exist. */
export interface AdminUserDetail {
  user: AdminUser;
  ledger: AdminLedgerEntry[];
  payments: AdminPaymentEntry[];
  questions: AdminQuestionEntry[];
  totals: { ledger: number; payments: number; questions: number };
}

/** GET /admin/users/:id */
export type AdminUserDetailResponse = { success: true } & AdminUserDetail;

/** POST /admin/users/:id/credits */
export interface CreditAdjustmentResponse {
  success: true;
  message: string;
  /** The balance after the adjustment (now, when it was applied before). */
  credits: number;
  /** True when its idempotency key had been applied already: this is that adjustment, not a second one. */
  replayed: boolean;
  entry: Omit<AdminLedgerEntry, "paymentId" | "aiQuestionId" | "adminName" | "adminEmail">;
}

/** POST /admin/users/:id/role */
export interface RoleChangeResponse {
  success: true;
  message: string;
  user: AdminUser;
}

/** A contact form message in the admin inbox. */
export interface ContactMessageItem {
  id: string;
  name: string;
  email: string;
  company: string;
  subject: string;
  message: string;
  service: string;
  lang: string;
  readAt: string | null;
  createdAt: string;
  /** The member account that uses the sender's e-mail address, if any (the address is typed by the sender). */
  memberId: string | null;
}

export interface MessageList {
  messages: ContactMessageItem[];
  page: number;
  pageSize: number;
  total: number;
  unread: number;
}

/** GET /admin/messages */
export type MessageListResponse = { success: true } & MessageList;

/** POST /admin/messages/:id/read */
export interface MessageReadResponse {
  success: true;
  message: string;
  contactMessage: ContactMessageItem;
}

export const ADMIN_ERROR_CODES = [
  "user_not_found",
  "insufficient_credits",
  "credits_held",
  "credit_limit",
  "idempotency_conflict",
  "cannot_demote_self",
  "last_admin",
  "message_not_found",
] as const;
export type AdminErrorCode = (typeof ADMIN_ERROR_CODES)[number];

/** The admin endpoints for the typed client (path parameters as `:id`). */
export interface AdminEndpoints {
  "GET /user/get": { query: Partial<Record<keyof UserListQuery, string | number>>; response: UserListResponse };
  "GET /admin/users/:id": { params: { id: string }; response: AdminUserDetailResponse };
  "POST /admin/users/:id/credits": {
    params: { id: string };
    body: z.input<typeof CreditAdjustmentSchema>;
    response: CreditAdjustmentResponse;
  };
  "POST /admin/users/:id/role": { params: { id: string }; body: z.input<typeof RoleChangeSchema>; response: RoleChangeResponse };
  "GET /admin/messages": { query: Partial<Record<keyof MessageListQuery, string | number>>; response: MessageListResponse };
  "POST /admin/messages/:id/read": { params: { id: string }; body: z.input<typeof MessageReadSchema>; response: MessageReadResponse };
}
