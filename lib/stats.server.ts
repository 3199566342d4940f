// Dashboard figures, computed by the database with aggregates that walk indexes (users.created_at,
// payments(status, created_at)) instead of loading rows into the process.
import { and, count, eq, gte, lt, sql } from "drizzle-orm";
import type { Db } from "../db/client.server";
import { payments, users } from "../db/schema";

export interface DashboardStats {
  /** Every account (members and admins). */
  totalUsers: number;
  /** Accounts with at least one succeeded payment (users.payment_done). */
  totalSubscriptions: number;
  /** Succeeded payments. */
  totalTransactions: number;
  /** Sum of succeeded payments in dollars, with cents (e.g. 175.5). */
  totalIncome: number;
  /** Sign-ups in the current calendar month (UTC). */
  usersThisMonth: number;
  /** Sign-ups per month of the current year (UTC), January first: always 12 numbers. */
  monthly: number[];
}

const monthStart = (year: number, month: number) => new Date(Date.UTC(year, month, 1));

export async function getDashboardStats(db: Db, now: Date = new Date()): Promise<DashboardStats> {
  const year = now.getUTCFullYear();
  // One range scan of users_created_at_idx over the year, counted into 12 buckets by plain
  // comparisons (cheaper than extracting the month of every row).
  const buckets = Object.fromEntries(
    Array.from({ length: 12 }, (_, m) => [
      `m${m}`,
      sql<number>`count(*) filter (where ${and(gte(users.createdAt, monthStart(year, m)), lt(users.createdAt, monthStart(year, m + 1)))})`.mapWith(
        Number,
      ),
    ]),
  );
  // Independent queries: on PostgreSQL they run on separate pool connections at the same time.
  const [[usersRow], [paymentsRow], [monthlyRow]] = await Promise.all([
    // payment_done is set in the transaction that marks a payment succeeded (lib/payments), so it
    // counts the accounts with at least one successful purchase without a DISTINCT over payments.
    db
      .select({ total: count(), subscribers: sql<number>`count(*) filter (where ${users.paymentDone})`.mapWith(Number) })
      .from(users),
    db
      .select({
        transactions: count(),
        cents: sql<string>`coalesce(sum(${payments.amountCents}), 0)`.mapWith(Number),
      })
      .from(payments)
      .where(eq(payments.status, "succeeded")),
    db
      .select(buckets)
      .from(users)
      .where(and(gte(users.createdAt, monthStart(year, 0)), lt(users.createdAt, monthStart(year + 1, 0)))),
  ]);

  const monthly = Array.from({ length: 12 }, (_, m) => Number(monthlyRow?.[`m${m}`] ?? 0));
  return {
    totalUsers: Number(usersRow?.total ?? 0),
    totalSubscriptions: Number(usersRow?.subscribers ?? 0),
    totalTransactions: Number(paymentsRow?.transactions ?? 0),
    totalIncome: Math.round(Number(paymentsRow?.cents ?? 0)) / 100,
    usersThisMonth: monthly[now.getUTCMonth()] ?? 0,
    monthly,
  };
}
