// Bearer sessions: a 256-bit random token is handed out once; only its SHA-256 is stored.
// Sessions expire 30 days after their last use (sliding, refreshed at most hourly and off the request)
// and can be revoked.
import { hash, randomBytes } from "node:crypto";
import { setImmediate } from "node:timers";
import DataLoader from "dataloader";
import { and, eq, gt, inArray, isNull, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { rowsOf, type DbOrTx } from "~/db/client.server";
import { sessions, users } from "~/db/schema";
import type { AccountUser } from "~/lib/contracts/user";

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
// Sliding expiry is refreshed at most this often (by SessionTouches, never on the request itself).
const TOUCH_INTERVAL_MS = 60 * 60 * 1000;

/** The signed-in account (GET /user/me answers it without the session id). */
export interface SessionUser extends AccountUser {
  sessionId: string;
}

/** Longer bearer tokens are refused unread (newToken() makes 43 characters). */
const MAX_TOKEN_LENGTH = 200;
/** Whether a bearer token is worth looking up at all (present, and not longer than any we hand out). */
export const plausibleToken = (token: string | null | undefined): token is string => !!token && token.length <= MAX_TOKEN_LENGTH;

// One-shot: no Hash object per request.
export const hashToken = (token: string) => hash("sha256", token, "hex");
export const newToken = () => randomBytes(32).toString("base64url");

export async function createSession(
  db: DbOrTx,
  userId: string,
  userAgent?: string | null,
): Promise<{ token: string; sessionId: string; expiresAt: Date }> {
  const token = newToken();
  const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
  const [row] = await db
    .insert(sessions)
    .values({ userId, tokenHash: hashToken(token), expiresAt, userAgent: userAgent?.slice(0, 300) ?? null })
    .returning({ id: sessions.id });
  return { token, sessionId: row!.id, expiresAt };
}

/**
 * A session for a log-in, made only while `passwordHash` (the hash its password was checked against)
 * is still the account's; null when a change or reset came in between. The account row is read with
 * FOR SHARE: a change or reset holding it is waited for and then seen, and one that comes after
 * waits for this session and revokes it (docs/reliability.md, "Attacks and their answers").
 */
export async function createSessionWhilePassword(
  db: DbOrTx,
  userId: string,
  passwordHash: string,
  userAgent?: string | null,
): Promise<{ token: string; sessionId: string; expiresAt: Date } | null> {
  const token = newToken();
  const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
  const result = await db.execute(sql`
    insert into ${sessions} ("user_id", "token_hash", "expires_at", "user_agent")
    select ${users.id}, ${hashToken(token)}, ${expiresAt.toISOString()}::timestamptz, ${userAgent?.slice(0, 300) ?? null}
    from ${users}
    where ${users.id} = ${userId} and ${users.passwordHash} = ${passwordHash}
    for share
    returning "id"`);
  const [row] = rowsOf<{ id: string }>(result);
  return row ? { token, sessionId: row.id, expiresAt } : null;
}

const SESSION_USER_COLUMNS = {
  id: users.id,
  email: users.email,
  name: users.name,
  role: users.role,
  credits: users.credits,
  package: users.package,
  paymentDone: users.paymentDone,
  sessionId: sessions.id,
  lastUsedAt: sessions.lastUsedAt,
};

/** The signed-in user's id inside a statement read with the session (a correlated subquery's filter). */
export const sessionUserId = users.id;

/**
 * The user behind a bearer token, or null for an unknown, expired or revoked one, and `data` read in
 * the same statement (a subquery on `sessionUserId`, a constant: see preparedRead): a member's read is one indexed query
 * (sessions_token_hash_key), never a write. The session is checked in the database on every request,
 * so a revocation anywhere is seen at once (docs/decisions/0016-authenticated-reads.md). The same read
 * asked for by other requests in this turn of the event loop runs in the same statement, one row per
 * token (docs/performance.md, "2026-11-25, 10:30-10:55 UTC: one statement for a turn's reads"). A session
 * last used more than an hour ago is noted in `touches`, which slides its expiry later, off the request.
 */
export async function readWithSession<T>(
  db: DbOrTx,
  token: string | null | undefined,
  data: SQL<T>,
  touches?: SessionTouches,
  params: Record<string, unknown> = {},
): Promise<{ user: SessionUser; data: T } | null> {
  if (!plausibleToken(token)) return null;
  const row = await preparedRead(db, data, params).load(hashToken(token));
  if (!row) return null;
  const { lastUsedAt, tokenHash: _tokenHash, data: read, ...user } = row;
  touches?.note(user.sessionId, lastUsedAt);
  return { user, data: read as T };
}

/** The conditions of a live session (not revoked, not expired) whose token hash meets `tokenHash`. */
const liveSessionWhere = (tokenHash: SQL) => and(tokenHash, isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`));

/**
 * The session of a token's hash while it is valid (not revoked, not expired): the one definition of
 * a signed-in request, for the reads above and for statements that do more with the session's user
 * (an AI question's slot, lib/ai/questions.server.ts).
 */
export const liveSession = (tokenHash: SQLWrapper) => liveSessionWhere(eq(sessions.tokenHash, tokenHash));

/** At most this many tokens are looked up in one statement. */
const READ_BATCH_MAX = 32;

// A lone token (the turn's only request for this read) has a statement of its own: matched by equality,
// the planner takes a plain index scan, where a list of tokens gets a bitmap scan.
const ONE_TOKEN = eq(sessions.tokenHash, sql.placeholder("tokenHash"));
// The turn's token hashes, comma-separated (hex: no commas), matched by the unique index.
const TOKENS = sql`${sessions.tokenHash} = any(string_to_array(${sql.placeholder("tokenHashes")}, ','))`;

function buildRead(db: DbOrTx, data: SQL, name: string, tokens: SQL) {
  return db
    .select({ ...SESSION_USER_COLUMNS, tokenHash: sessions.tokenHash, data })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(liveSessionWhere(tokens))
    .prepare(name);
}
type ReadStatement = ReturnType<typeof buildRead>;
type ReadRow = Awaited<ReturnType<ReadStatement["execute"]>>[number];

/** A read's statements (one token, several) and, per set of parameters, what gathers the turn's tokens for it. */
interface PreparedRead {
  one: ReadStatement;
  many: ReadStatement;
  loaders: Map<string, DataLoader<string, ReadRow | null>>;
}

// Built once per database (pass the database, not a transaction) and read (the query builder's work does not depend on the request): `data`
// must be a constant whose request values are placeholders (`sql.placeholder`, given in `params`).
// On PostgreSQL the name makes it a prepared statement, parsed and planned once per connection.
const preparedReads = new WeakMap<object, Map<SQL, PreparedRead>>();
let preparedCount = 0;
function preparedRead(db: DbOrTx, data: SQL, params: Record<string, unknown>): DataLoader<string, ReadRow | null> {
  let forDb = preparedReads.get(db);
  if (!forDb) preparedReads.set(db, (forDb = new Map()));
  let read = forDb.get(data);
  if (!read) {
    // A handful of reads exist; more means a subquery built per request, which would grow this map.
    if (forDb.size >= 32) throw new Error("readWithSession: `data` must be a module constant (placeholders for request values)");
    const name = `session_read_${++preparedCount}`;
    read = { one: buildRead(db, data, `${name}_one`, ONE_TOKEN), many: buildRead(db, data, name, TOKENS), loaders: new Map() };
    forDb.set(data, read);
  }
  const key = JSON.stringify(params);
  let loader = read.loaders.get(key);
  if (!loader) {
    // Parameters are few and bounded (a history's limit); a loader keeps nothing between turns.
    if (read.loaders.size >= 64) read.loaders.clear();
    const { one, many } = read;
    // The values the key was made of, as they were (a caller may reuse its object).
    const values = { ...params };
    loader = new DataLoader<string, ReadRow | null>(
      async (hashes) => {
        const rows =
          hashes.length === 1 ? await one.execute({ ...values, tokenHash: hashes[0] }) : await many.execute({ ...values, tokenHashes: hashes.join(",") });
        const byHash = new Map(rows.map((row) => [row.tokenHash, row]));
        return hashes.map((tokenHash) => byHash.get(tokenHash) ?? null);
      },
      // At the end of the turn (node:timers' own setImmediate: a test's fake timers must not hold reads back).
      { cache: false, maxBatchSize: READ_BATCH_MAX, batchScheduleFn: (run) => setImmediate(run) },
    );
    read.loaders.set(key, loader);
  }
  return loader;
}

const NO_DATA = sql<null>`null`;

/** The user behind a bearer token, or null for an unknown, expired or revoked one (one statement). */
export async function getSessionUser(
  db: DbOrTx,
  token: string | null | undefined,
  touches?: SessionTouches,
): Promise<SessionUser | null> {
  return (await readWithSession(db, token, NO_DATA, touches))?.user ?? null;
}

/**
 * Sliding expiry without a write on the request: sessions seen in use, and last touched over an hour
 * ago, are collected and touched by one UPDATE a minute later (and on close). Losing a batch in a crash
 * costs a session at most a minute and an hour of its 30 days.
 */
export interface SessionTouches {
  note(sessionId: string, lastUsedAt: Date): void;
  /** Writes what is pending now. */
  flush(): Promise<void>;
  /** Flushes and stops the timer. */
  close(): Promise<void>;
}

export function createSessionTouches(db: DbOrTx, options: { delayMs?: number; onError?: (error: unknown) => void } = {}): SessionTouches {
  const delayMs = options.delayMs ?? 60_000;
  const pending = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  const flush = async () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    if (pending.size === 0) return;
    const ids = [...pending];
    pending.clear();
    // In slices, so a busy minute stays well under a statement's parameter limit.
    for (let i = 0; i < ids.length; i += 1000) {
      try {
        await db
          .update(sessions)
          .set({ lastUsedAt: sql`now()`, expiresAt: sql`now() + ${sql.raw(String(SESSION_TTL_MS / 1000))} * interval '1 second'` })
          // Only sessions still live: one that expired since it was noted stays expired (found by an attack).
          .where(and(inArray(sessions.id, ids.slice(i, i + 1000)), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`)));
      } catch (error) {
        options.onError?.(error);
      }
    }
  };
  return {
    note(sessionId, lastUsedAt) {
      if (closed || Date.now() - lastUsedAt.getTime() <= TOUCH_INTERVAL_MS) return;
      pending.add(sessionId);
      if (!timer) {
        timer = setTimeout(() => void flush(), delayMs);
        timer.unref();
      }
    },
    flush,
    async close() {
      closed = true;
      await flush();
    },
  };
}

export async function revokeSession(db: DbOrTx, sessionId: string): Promise<void> {
  await db.update(sessions).set({ revokedAt: sql`now()` }).where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

export async function revokeAllSessions(db: DbOrTx, userId: string): Promise<void> {
  await db.update(sessions).set({ revokedAt: sql`now()` }).where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}
