// The admin dashboard's API (GET /api/v1/dashboard/get): the figures the database aggregates
// (lib/stats.server.ts). The answer keeps the original client's shape: data[0] holds the stats.

export interface DashboardStats {
  /** Every account (members and admins). */
  totalUsers: number;
  /** Accounts with at least one succeeded payment that is not refunded (users.payment_done). */
  totalSubscriptions: number;
  /** Succeeded payments. */
  totalTransactions: number;
  /** Sum of succeeded payments in dollars, with cents (e.g. 175.5). */
  totalIncome: number;
  /** Sign-ups in the current calendar month (UTC). */
  usersThisMonth: number;
  /** Sign-ups per month (UTC) of the twelve months ending with the current one, oldest first: always 12 numbers. */
  monthly: number[];
  /** The month of each `monthly` entry as "YYYY-MM" (the last one is the current month). */
  months: string[];
  /** Refunds the card's bank returned that are not yet recorded as repaid another way (deleted accounts' too): money still owed. */
  refundsOwed: number;
  /** Their sum, in cents. */
  refundsOwedCents: number;
}

/** GET /dashboard/get */
export interface DashboardResponse {
  success: true;
  data: [DashboardStats];
}

export interface DashboardEndpoints {
  "GET /dashboard/get": { response: DashboardResponse };
}
