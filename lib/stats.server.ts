// Dashboard figures, computed by the database with aggregates (no rows are loaded into the process
// but the few owed refunds it lists): four statements run side by side, one over the members (totals,
// and twelve month counts on users_member_created_at_idx), one over the succeeded and refunded payments by provider (totals, and
// what was sold and refunded in each of the twelve months), and two over the
// refunds still owed (their count and sum, and the oldest of them to list). See docs/performance.md (admin).
import { and, asc, count, eq, gte, inArray, isNotNull, isNull, lt, sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { payments, users } from "~/db/schema";
import { OWED_REFUNDS_SHOWN, type DashboardStats } from "~/lib/contracts/dashboard";
import { refundFailureReason } from "~/lib/contracts/refund";

const monthStart = (year: number, month: number) => new Date(Date.UTC(year, month, 1));

export async function getDashboardStats(db: Db, now: Date = new Date()): Promise<DashboardStats> {
  const year = now.getUTCFullYear();
  // The window starts eleven months back (Date.UTC carries a negative month into the previous year).
  const first = now.getUTCMonth() - 11;
  // Written as the index's own condition, not a parameter: a generic plan (PGlite caches prepared
  // statements) can use the partial index users_member_created_at_idx only for the same text.
  const isMember = sql`${users.role} = 'user'`;
  // Users and sign-ups are the members' (role 'user'): the firm's administrators are not customers.
  // Twelve range counts on the members' partial index users_member_created_at_idx (index-only scans
  // that read just that month's entries): cheaper than grouping every sign-up of the year by an expression.
  const months: Record<string, SQL<number>> = Object.fromEntries(
    Array.from({ length: 12 }, (_, m) => [
      `m${m}`,
      sql<number>`(select count(*) from ${users} where ${and(isMember, gte(users.createdAt, monthStart(year, first + m)), lt(users.createdAt, monthStart(year, first + m + 1)))})`.mapWith(
        Number,
      ),
    ]),
  );
  // Money by month, summed in the same pass over the payments as the totals: what was sold in a month
  // (its grant's month; refunded since or not) and what was refunded in it (the refund's month).
  const inMonth = (column: AnyColumn, m: number) => and(gte(column, monthStart(year, first + m)), lt(column, monthStart(year, first + m + 1)));
  const monthSums: Record<string, SQL<number>> = {};
  for (let m = 0; m < 12; m++) {
    monthSums[`sold${m}`] = sql<string>`coalesce(sum(${payments.amountCents}) filter (where ${inMonth(payments.grantedAt, m)}), 0)`.mapWith(Number);
    monthSums[`refunded${m}`] = sql<string>`coalesce(sum(${payments.amountCents}) filter (where ${and(eq(payments.status, "refunded"), inMonth(payments.refundedAt, m))}), 0)`.mapWith(Number);
  }
  // Returned refunds not yet repaid: the partial index payments_refund_owed_idx holds only them.
  const owed = and(isNotNull(payments.refundFailedAt), isNull(payments.refundRepaidAt));
  // Statements that run at the same time on separate pool connections (PostgreSQL).
  const [[usersRow], salesRows, [owedRow], owedRows] = await Promise.all([
    db
      .select({ total: count(), ...months })
      .from(users)
      .where(isMember),
    // Per provider: what was sold (refunded payments had succeeded first), what was refunded, and the
    // accounts with a successful purchase not refunded (Total Subscriptions, counted with the money it
    // stands for). A refunded payment never granted (its charge refunded before it succeeded, or one
    // that succeeded after its account was deleted: lib/payments/checkout.server.ts) sold nothing.
    db
      .select({
        provider: payments.provider,
        transactions: sql<number>`count(*) filter (where ${payments.status} = 'succeeded')`.mapWith(Number),
        // Paying members: an administrator's own purchase is money, not a customer (as Total Users).
        subscribers: sql<number>`count(distinct ${payments.userId}) filter (where ${payments.status} = 'succeeded' and ${users.role} = 'user')`.mapWith(Number),
        cents: sql<string>`coalesce(sum(${payments.amountCents}) filter (where ${payments.status} = 'succeeded'), 0)`.mapWith(Number),
        refunds: sql<number>`count(*) filter (where ${payments.status} = 'refunded')`.mapWith(Number),
        refundedCents: sql<string>`coalesce(sum(${payments.amountCents}) filter (where ${payments.status} = 'refunded'), 0)`.mapWith(Number),
        ...monthSums,
      })
      .from(payments)
      .leftJoin(users, eq(users.id, payments.userId))
      .where(and(inArray(payments.status, ["succeeded", "refunded"]), isNotNull(payments.grantedAt)))
      .groupBy(payments.provider),
    db
      .select({ owed: count(), cents: sql<string>`coalesce(sum(${payments.amountCents}), 0)`.mapWith(Number) })
      .from(payments)
      .where(owed),
    db
      .select({
        paymentId: payments.id,
        receiptNumber: payments.receiptNumber,
        package: payments.package,
        amountCents: payments.amountCents,
        refundFailedAt: payments.refundFailedAt,
        refundFailure: payments.refundFailure,
        userId: payments.userId,
        userName: users.name,
      })
      .from(payments)
      .leftJoin(users, eq(users.id, payments.userId))
      .where(owed)
      .orderBy(asc(payments.refundFailedAt), asc(payments.id))
      .limit(OWED_REFUNDS_SHOWN),
  ]);

  // Live money is never added to test money: once a live (Stripe) payment exists the figures are the
  // live ones and test-mode payments are reported apart; a site that only ever took test payments
  // shows them, flagged as test mode (no money was charged).
  const live = salesRows.find((row) => row.provider === "stripe");
  const test = salesRows.find((row) => row.provider === "test");
  const counted = live ?? test;
  const excluded = live ? test : undefined;
  const sold = Number(counted?.cents ?? 0);
  const refunded = Number(counted?.refundedCents ?? 0);
  const monthly = Array.from({ length: 12 }, (_, m) => Number((usersRow as Record<string, unknown> | undefined)?.[`m${m}`] ?? 0));
  const byMonth = (name: "sold" | "refunded") =>
    Array.from({ length: 12 }, (_, m) => Number((counted as Record<string, unknown> | undefined)?.[`${name}${m}`] ?? 0));
  return {
    totalUsers: Number(usersRow?.total ?? 0),
    totalSubscriptions: Number(counted?.subscribers ?? 0),
    totalTransactions: Number(counted?.transactions ?? 0),
    totalIncome: Math.round(sold) / 100,
    usersThisMonth: monthly[11] ?? 0,
    monthly,
    months: Array.from({ length: 12 }, (_, m) => monthStart(year, first + m).toISOString().slice(0, 7)),
    refundsOwed: Number(owedRow?.owed ?? 0),
    refundsOwedCents: Number(owedRow?.cents ?? 0),
    owedRefunds: owedRows.map((row) => ({
      ...row,
      receiptNumber: row.receiptNumber === null ? null : Number(row.receiptNumber),
      refundFailedAt: row.refundFailedAt!.toISOString(),
      refundFailure: refundFailureReason(row.refundFailure),
    })),
    grossSalesCents: sold + refunded,
    refundedCents: refunded,
    refundsCount: Number(counted?.refunds ?? 0),
    netSalesCents: sold,
    monthlySalesCents: byMonth("sold"),
    monthlyRefundedCents: byMonth("refunded"),
    incomeTestMode: !live && test !== undefined,
    testTransactionsExcluded: Number(excluded?.transactions ?? 0),
    testIncomeExcludedCents: Number(excluded?.cents ?? 0),
  };
}
