// The admin's view of accounts: a paged, searchable, sortable list that stays fast at 100,000 users
// (every query walks an index of db/schema.ts), one account's history, credit adjustments that go
// through changeCredits with the admin's id and reason, and the admin role.
import { aliasedTable, and, asc, count, desc, eq, inArray, isNotNull, or, sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { Db, DbOrTx } from "~/db/client.server";
import { aiQuestions, creditLedger, payments, users } from "~/db/schema";
import { answersInProgress } from "~/lib/ai/questions.server";
import { changeCredits, CREDIT_LIMIT_ERROR, CreditLimitError, creditsHeldByRefunds, MAX_CREDIT_BALANCE } from "~/lib/credits.server";
import { ApiError, COMMON_ERRORS } from "~/lib/http/api-error";
import { isUniqueViolation } from "~/lib/accounts/users.server";
import { format } from "~/lib/i18n/format";
import type { Localized } from "~/lib/i18n/languages";
import {
  adjustmentDelta,
  IdSchema,
  type AdminUser,
  type AdminUserDetail,
  type CreditAdjustment,
  type CreditAdjustmentResponse,
  type UserListQuery,
} from "~/lib/contracts/admin";

export const ADMIN_USER_ERRORS = {
  notFound: {
    en: "This user does not exist.",
    ja: "このユーザーは存在しません。",
    zh: "该用户不存在。",
  },
  insufficientCredits: {
    en: "The balance cannot go below 0: this user has {credits|# credit|# credits}.",
    ja: "残高を 0 未満にすることはできません。このユーザーの残高は {credits} クレジットです。",
    zh: "余额不能低于 0：该用户当前有 {credits} 积分。",
  },
  creditsHeld: {
    en: "Only {free|# credit|# credits} of this user's {credits} can be deducted now: the rest are held by a refund under way or an answer being written. Try again in a few minutes.",
    ja: "このユーザーの {credits} クレジットのうち、現在差し引けるのは {free} クレジットだけです。残りは処理中の返金または作成中の回答のために確保されています。数分後に再度お試しください。",
    zh: "该用户的 {credits} 积分中，目前只能扣除 {free} 积分：其余积分已被正在处理的退款或正在生成的回答占用。请几分钟后重试。",
  },
  selfDemotion: {
    en: "You cannot remove your own admin role. Ask another admin to do it.",
    ja: "自分自身の管理者権限は解除できません。別の管理者に依頼してください。",
    zh: "您不能撤销自己的管理员权限，请让其他管理员操作。",
  },
  idempotencyConflict: {
    en: "An earlier adjustment sent with the same request key was saved (perhaps its answer was lost), so this different one was not applied. Check the balance and the ledger, then save again if it is still needed.",
    ja: "同じリクエストキーで先に送信された調整が保存されています（その応答が届かなかった可能性があります）。そのため、内容の異なる今回の調整は適用していません。残高と履歴を確認し、必要であればもう一度保存してください。",
    zh: "使用同一请求标识先行提交的调整已经保存（其响应可能未能送达），因此本次不同的调整未被执行。请查看余额和记录，如仍需要请重新保存。",
  },
  lastAdmin: {
    en: "This is the last administrator: make someone else an administrator first.",
    ja: "最後の管理者です。先に別のユーザーを管理者にしてください。",
    zh: "这是最后一位管理员，请先将其他用户设为管理员。",
  },
} satisfies Record<string, Localized<string>>;

/** A row of the user table as the database gives it (the router writes createdAt as ISO). */
export type AdminUserRow = Omit<AdminUser, "createdAt"> & { createdAt: Date };
type AccountRow = Omit<AdminUserRow, "paymentStatus" | "lastPackage">;

/**
 * The package of each account's latest purchase, refunded or not (all accounts' when `ids` is
 * omitted): the refund flow clears users.package, so a refunded member's is read from payments, one
 * walk of payments_user_created_idx per account.
 */
export async function lastPurchasedPackages(db: Db, ids?: string[]): Promise<Map<string, string>> {
  if (ids && ids.length === 0) return new Map();
  // Granted only: a refund recorded before its charge ever succeeded bought nothing (lib/stats.server.ts).
  const bought = and(inArray(payments.status, ["succeeded", "refunded"]), isNotNull(payments.grantedAt));
  const rows = await db
    .selectDistinctOn([payments.userId], { userId: payments.userId, package: payments.package })
    .from(payments)
    .where(ids ? and(inArray(payments.userId, ids), bought) : and(isNotNull(payments.userId), bought))
    .orderBy(payments.userId, desc(payments.createdAt), desc(payments.id));
  return new Map(rows.map((row) => [row.userId!, row.package]));
}

/** An account with the payment status the admin pages show (paid, refunded, never bought). */
export function withPurchaseState<T extends Pick<AccountRow, "id" | "paymentDone" | "package">>(
  row: T,
  lastPackages: Map<string, string>,
): T & Pick<AdminUser, "paymentStatus" | "lastPackage"> {
  const lastPackage = lastPackages.get(row.id) ?? row.package;
  // Not paid but bought: every purchase was refunded (payment_done is set again by each refund).
  const paymentStatus = row.paymentDone ? "paid" : lastPackage ? "refunded" : "not_purchased";
  return { ...row, paymentStatus, lastPackage };
}

async function withPurchaseStates<T extends Pick<AccountRow, "id" | "paymentDone" | "package">>(db: Db, rows: T[]) {
  const lastPackages = await lastPurchasedPackages(db, rows.map((row) => row.id));
  return rows.map((row) => withPurchaseState(row, lastPackages));
}

export interface UserListResult {
  users: AdminUserRow[];
  page: number;
  pageSize: number;
  /** Exact, or countLimit when totalCapped (a search with more matches than that). */
  total: number;
  totalCapped: boolean;
}

/** The columns of a user as the admin sees one (list, detail, CSV export). */
export const adminUserColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  role: users.role,
  credits: users.credits,
  paymentDone: users.paymentDone,
  package: users.package,
  createdAt: users.createdAt,
};

/** Escapes LIKE's wildcards so a search for "a_b%" means exactly that text. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * The search condition. "prefix" (the default) matches the start of the email or of the name and is
 * answered from the lower(...) text_pattern_ops indexes; "contains" matches anywhere and has to read
 * every row, so it is only used when the admin asks for it.
 */
function searchCondition(q: string, match: "prefix" | "contains"): SQL | undefined {
  if (!q) return undefined;
  const needle = escapeLike(q.toLowerCase());
  const pattern = match === "contains" ? `%${needle}%` : `${needle}%`;
  return or(sql`lower(${users.email}) like ${pattern}`, sql`lower(${users.name}) like ${pattern}`, payerCondition(q));
}

/** A receipt number as it is printed ("R-000042") or typed ("r42", "42"); 15 digits stay exact in a double. */
const RECEIPT_NUMBER_QUERY = /^r?-?0*(\d{1,15})$/i;
const PAYMENT_ID_QUERY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The member who paid, for a search that reads as a receipt number or a payment reference (the
 * receipt's "Reference"): what a member quotes when writing about a purchase. Both columns are unique,
 * so the subquery is one indexed lookup run once, and the match joins the name and e-mail index scans.
 */
function payerCondition(q: string): SQL | undefined {
  const receipt = RECEIPT_NUMBER_QUERY.exec(q);
  if (receipt) {
    return sql`${users.id} = (select ${payments.userId} from ${payments} where ${payments.receiptNumber} = ${Number(receipt[1])})`;
  }
  if (PAYMENT_ID_QUERY.test(q)) {
    return sql`${users.id} = (select ${payments.userId} from ${payments} where ${payments.id} = ${q.toLowerCase()})`;
  }
  return undefined;
}

/**
 * A search counts its matches exactly up to this many. Beyond that the answer says "more than"
 * (totalCapped), so a one-letter search never has to count all 100,000 accounts.
 */
export const SEARCH_COUNT_LIMIT = 10_000;

type SortColumns = { createdAt: AnyColumn; credits: AnyColumn; id: AnyColumn };

// The id breaks ties so pages never overlap or skip rows with equal dates or balances.
function orderBy(sort: UserListQuery["sort"], c: SortColumns): SQL[] {
  switch (sort) {
    case "created_asc":
      return [asc(c.createdAt), asc(c.id)];
    case "credits_desc":
      return [desc(c.credits), desc(c.id)];
    case "credits_asc":
      return [asc(c.credits), asc(c.id)];
    default:
      return [desc(c.createdAt), desc(c.id)];
  }
}

export async function listUsers(
  db: Db,
  query: UserListQuery,
  options: { countLimit?: number } = {},
): Promise<UserListResult> {
  const countLimit = options.countLimit ?? SEARCH_COUNT_LIMIT;
  const where = searchCondition(query.q, query.match);
  const offset = (query.page - 1) * query.pageSize;
  if (!where) {
    // The whole table: the page walks the sort column's index; the count is an index-only scan.
    const [rows, [totalRow]] = await Promise.all([
      db
        .select(adminUserColumns)
        .from(users)
        .orderBy(...orderBy(query.sort, users))
        .limit(query.pageSize)
        .offset(offset),
      db.select({ total: count() }).from(users),
    ]);
    return { users: await withPurchaseStates(db, rows), page: query.page, pageSize: query.pageSize, total: Number(totalRow?.total ?? 0), totalCapped: false };
  }

  // A search: collect the matches once through the pattern indexes (at most countLimit + 1 rows),
  // count them and sort them. Walking the date or credits index and filtering instead can read most
  // of the table when the matches sit together at its far end (e.g. one sign-up period).
  const matches = db.$with("matches").as(db.select(adminUserColumns).from(users).where(where).limit(countLimit + 1));
  const found = await db
    .with(matches)
    .select({
      id: matches.id,
      name: matches.name,
      email: matches.email,
      role: matches.role,
      credits: matches.credits,
      paymentDone: matches.paymentDone,
      package: matches.package,
      createdAt: matches.createdAt,
      // The CTE is referenced twice, so PostgreSQL computes it once.
      matched: sql<number>`(select count(*) from ${matches})`.mapWith(Number),
    })
    .from(matches)
    .orderBy(...orderBy(query.sort, matches))
    .limit(query.pageSize)
    .offset(offset);

  let matched = found[0]?.matched;
  if (matched === undefined) {
    // A page past the end: still answer the total.
    const [row] = await db
      .select({ n: count() })
      .from(db.select({ one: sql`1`.as("one") }).from(users).where(where).limit(countLimit + 1).as("capped"));
    matched = Number(row?.n ?? 0);
  }
  if (matched <= countLimit) {
    const rows = found.map(({ matched: _matched, ...row }) => row);
    return { users: await withPurchaseStates(db, rows), page: query.page, pageSize: query.pageSize, total: matched, totalCapped: false };
  }
  // A broad search (more matches than countLimit): sort all matches, keeping only the page in memory
  // (top-N). The LIMIT keeps PostgreSQL from merging the subquery and walking the date or credits
  // index instead, which reads most of the table when the matches cluster at its far end.
  const all = db.select(adminUserColumns).from(users).where(where).limit(2_147_483_647).as("all_matches");
  const rows = await db
    .select()
    .from(all)
    .orderBy(...orderBy(query.sort, all))
    .limit(query.pageSize)
    .offset(offset);
  return { users: await withPurchaseStates(db, rows), page: query.page, pageSize: query.pageSize, total: countLimit, totalCapped: true };
}

/** How many rows of each history the detail page shows (newest first); totals tell how many exist. */
export const DETAIL_LIMITS = { ledger: 100, payments: 50, questions: 50 } as const;

const iso = <T extends { createdAt: Date }>(row: T): Omit<T, "createdAt"> & { createdAt: string } => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
});

export async function getUserDetail(db: Db, id: string): Promise<AdminUserDetail | null> {
  if (!IdSchema.safeParse(id).success) return null;
  const [user] = await db.select(adminUserColumns).from(users).where(eq(users.id, id)).limit(1);
  if (!user) return null;
  const admins = aliasedTable(users, "admins");
  const [ledger, paymentRows, questions, [ledgerCount], [paymentCount], [questionCount], lastPackages] = await Promise.all([
    db
      .select({
        id: creditLedger.id,
        delta: creditLedger.delta,
        balanceAfter: creditLedger.balanceAfter,
        kind: creditLedger.kind,
        reason: creditLedger.reason,
        paymentId: creditLedger.paymentId,
        aiQuestionId: creditLedger.aiQuestionId,
        adminId: creditLedger.adminId,
        adminName: admins.name,
        adminEmail: admins.email,
        createdAt: creditLedger.createdAt,
      })
      .from(creditLedger)
      .leftJoin(admins, eq(admins.id, creditLedger.adminId))
      .where(eq(creditLedger.userId, id))
      .orderBy(desc(creditLedger.createdAt), desc(creditLedger.id))
      .limit(DETAIL_LIMITS.ledger),
    db
      .select({
        id: payments.id,
        package: payments.package,
        amountCents: payments.amountCents,
        currency: payments.currency,
        credits: payments.credits,
        provider: payments.provider,
        status: payments.status,
        receiptNumber: payments.receiptNumber,
        error: payments.error,
        country: payments.country,
        createdAt: payments.createdAt,
      })
      .from(payments)
      .where(eq(payments.userId, id))
      .orderBy(desc(payments.createdAt), desc(payments.id))
      .limit(DETAIL_LIMITS.payments),
    db
      .select({
        id: aiQuestions.id,
        topic: aiQuestions.topic,
        lang: aiQuestions.lang,
        question: aiQuestions.question,
        // Only a complete answer is an answer; a failed or stopped one's partial text stays out.
        answer: sql<string>`case when ${aiQuestions.status} = 'answered' then ${aiQuestions.answer} else '' end`,
        citations: aiQuestions.citations,
        source: aiQuestions.source,
        status: aiQuestions.status,
        creditsSpent: aiQuestions.creditsSpent,
        creditReturnedAt: aiQuestions.creditReturnedAt,
        createdAt: aiQuestions.createdAt,
      })
      .from(aiQuestions)
      .where(eq(aiQuestions.userId, id))
      .orderBy(desc(aiQuestions.createdAt), desc(aiQuestions.id))
      .limit(DETAIL_LIMITS.questions),
    db.select({ n: count() }).from(creditLedger).where(eq(creditLedger.userId, id)),
    db.select({ n: count() }).from(payments).where(eq(payments.userId, id)),
    db.select({ n: count() }).from(aiQuestions).where(eq(aiQuestions.userId, id)),
    lastPurchasedPackages(db, [id]),
  ]);
  return {
    user: iso(withPurchaseState(user, lastPackages)),
    ledger: ledger.map(iso),
    payments: paymentRows.map(iso),
    questions: questions.map((q) => ({ ...iso(q), creditReturnedAt: q.creditReturnedAt?.toISOString() ?? null })),
    totals: {
      ledger: Number(ledgerCount?.n ?? 0),
      payments: Number(paymentCount?.n ?? 0),
      questions: Number(questionCount?.n ?? 0),
    },
  };
}

export interface AdjustCreditsInput extends CreditAdjustment {
  userId: string;
  adminId: string;
}

export type AdjustmentResult = Pick<CreditAdjustmentResponse, "credits" | "entry" | "replayed">;

const ADJUSTMENT_ENTRY = {
  id: creditLedger.id,
  delta: creditLedger.delta,
  balanceAfter: creditLedger.balanceAfter,
  kind: creditLedger.kind,
  reason: creditLedger.reason,
  adminId: creditLedger.adminId,
  createdAt: creditLedger.createdAt,
};

/**
 * Grants or deducts credits in one transaction through changeCredits, so the ledger row (kind
 * admin_adjustment, the admin's id, the reason) and the balance change together. A deduction that
 * would take the balance below 0, or a grant that would cross MAX_CREDIT_BALANCE, changes nothing
 * and is a 409. An adjustment sent again with its idempotency key is answered with the first one
 * (`replayed`), whether it comes after it or at the same time: the member's row is locked before the
 * key is looked for, so the second waits for the first and finds its row (checked after the lock, a
 * deduction of the whole balance sent twice told the second "insufficient credits": a review); the
 * ledger's unique index (migration 0020) is the last guard.
 */
export async function adjustCredits(db: Db, input: AdjustCreditsInput): Promise<AdjustmentResult> {
  if (!IdSchema.safeParse(input.userId).success) throw new ApiError(404, "user_not_found", ADMIN_USER_ERRORS.notFound);
  try {
    return await applyAdjustment(db, input);
  } catch (error) {
    const winner = isUniqueViolation(error, "credit_ledger_adjustment_key") ? await appliedAdjustment(db, input) : null;
    if (winner) return winner;
    throw error;
  }
}

/** The adjustment already applied with this input's idempotency key, if any; the same key for another adjustment is a 409. */
async function appliedAdjustment(db: DbOrTx, input: AdjustCreditsInput): Promise<AdjustmentResult | null> {
  if (!input.idempotencyKey) return null;
  const [row] = await db
    .select({ ...ADJUSTMENT_ENTRY, credits: users.credits })
    .from(creditLedger)
    .innerJoin(users, eq(users.id, creditLedger.userId))
    .where(
      and(
        eq(creditLedger.userId, input.userId),
        eq(creditLedger.kind, "admin_adjustment"),
        eq(creditLedger.idempotencyKey, input.idempotencyKey),
      ),
    )
    .limit(1);
  if (!row) return null;
  const { credits, ...entry } = row;
  if (entry.delta !== adjustmentDelta(input) || entry.reason !== input.reason) {
    throw new ApiError(409, "idempotency_conflict", ADMIN_USER_ERRORS.idempotencyConflict);
  }
  return { credits, entry: iso(entry), replayed: true };
}

async function applyAdjustment(db: Db, input: AdjustCreditsInput): Promise<AdjustmentResult> {
  return db.transaction(async (tx) => {
    const delta = adjustmentDelta(input);
    const [user] = await tx.select({ credits: users.credits }).from(users).where(eq(users.id, input.userId)).for("update");
    if (!user) throw new ApiError(404, "user_not_found", ADMIN_USER_ERRORS.notFound);
    const earlier = await appliedAdjustment(tx, input);
    if (earlier) return earlier;
    if (delta < 0) {
      // A refund under way holds its purchase's credits and each answer being written may still spend
      // one: a deduction into them had the refund remove less than its purchase, or an answer go out
      // unpaid (found by an attack). Counted under the member's row lock, as the refund claims it.
      const held = (await creditsHeldByRefunds(tx, input.userId)) + (await answersInProgress(tx, input.userId));
      // More than the whole balance is refused below for want of credits: waiting would not help.
      if (held > 0 && user.credits >= -delta && user.credits - held < -delta) {
        const values = { credits: user.credits, free: Math.max(user.credits - held, 0) };
        const text = ADMIN_USER_ERRORS.creditsHeld;
        throw new ApiError(409, "credits_held", { en: format(text.en, values), ja: format(text.ja, values), zh: format(text.zh, values) }, values);
      }
    }
    const credits = await changeCredits(tx, {
      userId: input.userId,
      delta,
      kind: "admin_adjustment",
      reason: input.reason,
      adminId: input.adminId,
      idempotencyKey: input.idempotencyKey ?? null,
    }).catch((error: unknown) => {
      if (error instanceof CreditLimitError) {
        throw new ApiError(409, "credit_limit", CREDIT_LIMIT_ERROR, { credits: error.balance, max: MAX_CREDIT_BALANCE });
      }
      throw error;
    });
    if (credits === null) {
      const [user] = await tx.select({ credits: users.credits }).from(users).where(eq(users.id, input.userId)).limit(1);
      if (!user) throw new ApiError(404, "user_not_found", ADMIN_USER_ERRORS.notFound);
      const text = ADMIN_USER_ERRORS.insufficientCredits;
      const values = { credits: user.credits };
      throw new ApiError(
        409,
        "insufficient_credits",
        { en: format(text.en, values), ja: format(text.ja, values), zh: format(text.zh, values) },
        { credits: user.credits },
      );
    }
    const [entry] = await tx
      .select(ADJUSTMENT_ENTRY)
      .from(creditLedger)
      .where(and(eq(creditLedger.userId, input.userId), eq(creditLedger.kind, "admin_adjustment")))
      .orderBy(desc(creditLedger.id))
      .limit(1);
    return { credits, entry: iso(entry!), replayed: false };
  });
}

/**
 * Promotes to or demotes from admin. Ids are compared as UUIDs (case-insensitive), an admin cannot
 * demote themselves, and the last administrator cannot be demoted: the admin rows are locked in the
 * demoting transaction, so two admins demoting each other at once leave one.
 */
export async function changeRole(db: Db, input: { userId: string; adminId: string; role: AdminUser["role"] }): Promise<AdminUser> {
  const parsed = IdSchema.safeParse(input.userId);
  if (!parsed.success) throw new ApiError(404, "user_not_found", ADMIN_USER_ERRORS.notFound);
  const userId = parsed.data.toLowerCase();
  if (userId === input.adminId.toLowerCase() && input.role !== "admin") {
    throw new ApiError(409, "cannot_demote_self", ADMIN_USER_ERRORS.selfDemotion);
  }
  return db.transaction(async (tx) => {
    // Every admin row locked, in one statement: the actor must still be one of them. Checked before
    // the transaction only, two admins demoting each other at once both won.
    const admins = await tx.select({ id: users.id }).from(users).where(eq(users.role, "admin")).for("update");
    if (!admins.some((row) => row.id === input.adminId.toLowerCase())) throw new ApiError(403, "forbidden", COMMON_ERRORS.forbidden);
    if (input.role !== "admin" && admins.length <= 1 && admins.some((row) => row.id === userId)) {
      throw new ApiError(409, "last_admin", ADMIN_USER_ERRORS.lastAdmin);
    }
    const [user] = await tx
      .update(users)
      .set({ role: input.role, updatedAt: sql`now()` })
      .where(eq(users.id, userId))
      .returning(adminUserColumns);
    if (!user) throw new ApiError(404, "user_not_found", ADMIN_USER_ERRORS.notFound);
    return iso(withPurchaseState(user, await lastPurchasedPackages(tx, [user.id])));
  });
}
