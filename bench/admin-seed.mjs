// Seeds a PostgreSQL database for the admin volume benchmark: 100,000 users, 100,000 payments and
// 200,000 credit-ledger rows, made by the database itself with generate_series (seconds, not minutes),
// plus one admin account with a session token for the measurements.
//
//   node bench/admin-seed.mjs postgres://user@127.0.0.1:5432/dbname
//
// The database is migrated first (same migrations as the app) and every table is emptied: point it
// at a throw-away database only. The data is synthetic and only meant for timing.
import { createHash, randomBytes } from "node:crypto";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

export const DEFAULT_VOLUME = { users: 100_000, payments: 100_000, ledger: 200_000 };

/**
 * Migrates, empties and fills the database at `url`. Returns the admin's bearer token and counts.
 * @param {string} url
 * @param {{users?: number, payments?: number, ledger?: number, log?: (line: string) => void}} [options]
 */
export async function seedAdminVolume(url, options = {}) {
  const volume = { ...DEFAULT_VOLUME, ...options };
  const log = options.log ?? (() => {});
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  try {
    const started = Date.now();
    await migrate(drizzle(pool), { migrationsFolder: path.join(root, "db", "migrations") });
    await pool.query(`truncate table credit_ledger, ai_questions, payments, processed_events, password_resets,
      sessions, contact_messages, rate_limits, users restart identity cascade`);

    // Users: sign-ups every ~9 minutes going back ~20 months (so this year and last year both have
    // months), varied names and domains for search, credits 0..500.
    await pool.query(
      `insert into users (id, email, name, password_hash, role, credits, package, payment_done, created_at, updated_at)
       select md5('bench-user-' || i)::uuid,
              'user' || i || '@' || (array['example.com', 'mail.test', 'corp.example'])[1 + i % 3],
              (array['Alice', 'Bob', 'Chen', 'Daiki', 'Emma', 'Fatima', 'Hiro', 'Ivan', 'Julia', 'Kenji'])[1 + i % 10]
                || ' ' || (array['Smith', 'Tanaka', 'Wang', 'Garcia', 'Sato', 'Li', 'Brown', 'Suzuki'])[1 + (i / 10) % 8]
                || ' ' || i,
              '$bench$not-a-password-hash',
              'user',
              (i * 37) % 501,
              '',
              false,
              now() - (i - 1) * interval '9 minutes' - random() * interval '8 minutes',
              now()
       from generate_series(1, $1::int) as i`,
      [volume.users],
    );
    log(`users: ${volume.users} in ${Date.now() - started} ms`);

    // Payments: 60% of users buy, some twice; every tenth payment declined.
    let t = Date.now();
    await pool.query(
      `insert into payments (id, user_id, package, amount_cents, currency, credits, provider, provider_ref, status,
                             idempotency_key, country, error, granted_at, created_at, updated_at)
       select md5('bench-payment-' || j)::uuid,
              md5('bench-user-' || (1 + (j * 7) % greatest(1, ($2::int * 6) / 10)))::uuid,
              p.pkg, p.cents, 'usd', p.credits, 'test', 'bench_' || j,
              case when j % 10 = 0 then 'failed' else 'succeeded' end,
              'bench-' || j, 'US',
              case when j % 10 = 0 then 'Your card was declined.' end,
              case when j % 10 = 0 then null else now() - j * interval '8 minutes' end,
              now() - j * interval '8 minutes',
              now() - j * interval '8 minutes'
       from generate_series(1, $1::int) as j
       cross join lateral (
         select (array['basic', 'pro', 'enterprise'])[1 + j % 3] as pkg,
                (array[2500, 5000, 10000])[1 + j % 3] as cents,
                (array[50, 100, 250])[1 + j % 3] as credits
       ) as p`,
      [volume.payments, volume.users],
    );
    // As the checkout does: a succeeded payment marks its user paid with that package.
    await pool.query(
      `update users u set payment_done = true, package = s.package
       from (select distinct on (user_id) user_id, package from payments where status = 'succeeded'
             order by user_id, created_at desc) s
       where s.user_id = u.id`,
    );
    log(`payments: ${volume.payments} in ${Date.now() - t} ms`);

    // Ledger: sign-up grants, AI spends, purchases and admin adjustments spread over the users.
    t = Date.now();
    await pool.query(
      `insert into credit_ledger (user_id, delta, balance_after, kind, reason, created_at)
       select md5('bench-user-' || (1 + k % $2::int))::uuid,
              (array[3, -1, 50, 10])[1 + k % 4],
              k % 500,
              (array['signup_grant', 'ai_spend', 'purchase', 'admin_adjustment'])[1 + k % 4],
              case when k % 4 = 3 then 'Benchmark adjustment' end,
              now() - k * interval '4 minutes'
       from generate_series(1, $1::int) as k`,
      [volume.ledger, volume.users],
    );
    log(`ledger: ${volume.ledger} in ${Date.now() - t} ms`);

    // The admin who measures, with a session (only the token's SHA-256 is stored, as the app does).
    const token = randomBytes(32).toString("base64url");
    const tokenHash = createHash("sha256").update(token).digest("hex");
    const {
      rows: [admin],
    } = await pool.query(
      `insert into users (email, name, password_hash, role, credits)
       values ('bench-admin@taxatlas.test', 'Bench Admin', '$bench$not-a-password-hash', 'admin', 0) returning id`,
    );
    await pool.query(
      `insert into sessions (user_id, token_hash, expires_at, last_used_at) values ($1, $2, now() + interval '1 day', now())`,
      [admin.id, tokenHash],
    );

    t = Date.now();
    await pool.query("vacuum analyze users");
    await pool.query("vacuum analyze payments");
    await pool.query("vacuum analyze credit_ledger");
    await pool.query("analyze sessions");
    log(`vacuum analyze in ${Date.now() - t} ms; seeded in ${Date.now() - started} ms`);
    return { token, ...volume };
  } finally {
    await pool.end();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const url = process.argv[2] ?? process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!url) {
    console.error("usage: node bench/admin-seed.mjs postgres://user@host:port/database");
    process.exit(2);
  }
  const result = await seedAdminVolume(url, { log: (line) => console.log(line) });
  console.log(`admin token: ${result.token}`);
}
