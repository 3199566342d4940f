// The admin dashboard's API (GET /api/v1/dashboard/get): the figures the database aggregates
// (lib/stats.server.ts). The answer keeps the original client's shape: data[0] holds the stats.
import type { RefundFailureReason } from "./refund";

/** The dashboard lists at most this many owed refunds, oldest first (the payments export has all). */
export const OWED_REFUNDS_SHOWN = 20;

/** A refund the card's bank returned and nobody has recorded as repaid: money still owed. */
export interface OwedRefund {
  paymentId: string;
  receiptNumber: number | null;
  package: string;
  amountCents: number;
  refundFailedAt: string;
  refundFailure: RefundFailureReason;
  /** The member's account; null once it was deleted (then only this list can mark it repaid). */
  userId: string | null;
  userName: string | null;
}

export interface DashboardStats {
  /** Member accounts (role "user"); administrators are not counted. */
  totalUsers: number;
  /** Accounts with at least one succeeded payment that is not refunded, of the provider the money figures count. */
  totalSubscriptions: number;
  /** Succeeded payments (not refunded), of the provider the money figures count (see incomeTestMode). */
  totalTransactions: number;
  /** Sum of those payments in dollars, with cents (e.g. 175.5): the net sales. */
  totalIncome: number;
  /** Members' sign-ups in the current calendar month (UTC). */
  usersThisMonth: number;
  /** Members' sign-ups per month (UTC) of the twelve months ending with the current one, oldest first: always 12 numbers. */
  monthly: number[];
  /** The month of each `monthly` entry as "YYYY-MM" (the last one is the current month). */
  months: string[];
  /** Refunds the card's bank returned that are not yet recorded as repaid another way (deleted accounts' too): money still owed. */
  refundsOwed: number;
  /** Their sum, in cents. */
  refundsOwedCents: number;
  /** The oldest OWED_REFUNDS_SHOWN of them. */
  owedRefunds: OwedRefund[];
  /** Everything sold, refunded since or not, in cents. */
  grossSalesCents: number;
  /** What was refunded of it, in cents, and how many payments. */
  refundedCents: number;
  refundsCount: number;
  /** Gross minus refunded, in cents: totalIncome in cents. */
  netSalesCents: number;
  /**
   * Per month of `months`, in cents: what was sold (payments granted that month, refunded since or
   * not) and what was refunded that month (of sales of any month). Sold minus refunded is the month's net.
   */
  monthlySalesCents: number[];
  monthlyRefundedCents: number[];
  /**
   * True when the money figures are test-mode payments (no money was charged): the site has no live
   * payment yet. Once it has one, every money figure counts live payments only.
   */
  incomeTestMode: boolean;
  /** Succeeded test-mode payments left out because live ones exist, and their sum in cents. */
  testTransactionsExcluded: number;
  testIncomeExcludedCents: number;
}

/** GET /dashboard/get */
export interface DashboardResponse {
  success: true;
  data: [DashboardStats];
}

export interface DashboardEndpoints {
  "GET /dashboard/get": { response: DashboardResponse };
}
