// The credit and AI-status migrations applied to a database that already holds data: values are
// kept, the credit columns become 64-bit, 'aborted' answers become 'stopped', stored answers cite
// nothing. Migration 0009 likewise: members refunded before a refund revisited their payment status
// and package get them from their remaining purchases; members without a refund keep theirs.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { describe, expect, it } from "vitest";
import { migrationsFolder } from "./client.server";

const statements = (file: string) =>
  readFileSync(path.join(migrationsFolder(), file), "utf8")
    .split("--> statement-breakpoint")
    .map((part) => part.trim())
    .filter(Boolean);

async function apply(db: PGlite, file: string) {
  for (const statement of statements(file)) await db.exec(statement);
}

describe("migrations 0001 to 0003 on existing data", () => {
  it("keep every balance and amount, widen them to bigint and rename aborted answers", async () => {
    const db = new PGlite();
    try {
      await apply(db, "0000_init.sql");
      const {
        rows: [user],
      } = await db.query<{ id: string }>(
        `insert into users (email, name, password_hash, credits) values ('a@example.test', 'A', 'x', 2147483647) returning id`,
      );
      await db.query(
        `insert into payments (user_id, package, amount_cents, credits, provider, idempotency_key, country)
         values ($1, 'basic', 2500, 50, 'test', 'k1', 'JP')`,
        [user!.id],
      );
      await db.query(`insert into credit_ledger (user_id, delta, balance_after, kind) values ($1, 2147483647, 2147483647, 'admin_adjustment')`, [
        user!.id,
      ]);
      for (const status of ["aborted", "answered", "failed"]) {
        await db.query(`insert into ai_questions (user_id, topic, lang, question, status) values ($1, 'tax-consultation', 'en', 'Q', $2)`, [
          user!.id,
          status,
        ]);
      }

      await apply(db, "0001_credits_bigint.sql");
      await apply(db, "0002_ai_status_stopped.sql");

      const { rows: types } = await db.query<{ table_name: string; column_name: string; data_type: string }>(
        `select table_name, column_name, data_type from information_schema.columns
         where (table_name, column_name) in (('users', 'credits'), ('payments', 'credits'), ('credit_ledger', 'delta'), ('credit_ledger', 'balance_after'))
         order by table_name, column_name`,
      );
      expect(types.map((t) => t.data_type)).toEqual(["bigint", "bigint", "bigint", "bigint"]);
      const { rows: balances } = await db.query<{ credits: string }>(`select credits::text from users`);
      expect(balances).toEqual([{ credits: "2147483647" }]);
      const { rows: paid } = await db.query<{ credits: string }>(`select credits::text from payments`);
      expect(paid).toEqual([{ credits: "50" }]);
      const { rows: ledger } = await db.query<{ delta: string; balance_after: string }>(
        `select delta::text, balance_after::text from credit_ledger`,
      );
      expect(ledger).toEqual([{ delta: "2147483647", balance_after: "2147483647" }]);
      // Past 2^31 now fits.
      await db.query(`update users set credits = credits + 10`);
      expect((await db.query<{ credits: string }>(`select credits::text from users`)).rows).toEqual([{ credits: "2147483657" }]);
      const { rows: statuses } = await db.query<{ status: string }>(`select status from ai_questions order by status`);
      expect(statuses.map((s) => s.status)).toEqual(["answered", "failed", "stopped"]);

      // 0003: answers stored before citations cite nothing.
      await apply(db, "0003_ai_citations.sql");
      const { rows: cited } = await db.query<{ citations: unknown }>(`select citations from ai_questions`);
      expect(cited).toEqual([{ citations: [] }, { citations: [] }, { citations: [] }]);
    } finally {
      await db.close();
    }
    // A fresh PGlite takes seconds to start on a busy machine.
  }, 120_000);
});

describe("migration 0005 on existing data", () => {
  it("numbers granted purchases in grant order and keeps payments and ledger rows when their user is deleted", async () => {
    const db = new PGlite();
    try {
      for (const file of ["0000_init.sql", "0001_credits_bigint.sql", "0002_ai_status_stopped.sql", "0003_ai_citations.sql"]) await apply(db, file);
      const {
        rows: [user],
      } = await db.query<{ id: string }>(`insert into users (email, name, password_hash) values ('a@example.test', 'A', 'x') returning id`);
      for (const [key, granted] of [
        ["late", "2026-02-01"],
        ["failed", null],
        ["early", "2026-01-01"],
      ] as const) {
        await db.query(
          `insert into payments (user_id, package, amount_cents, credits, provider, idempotency_key, country, granted_at, status)
           values ($1, 'basic', 2500, 50, 'test', $2, 'JP', $3, $4)`,
          [user!.id, key, granted, granted ? "succeeded" : "failed"],
        );
      }
      await db.query(`insert into credit_ledger (user_id, delta, balance_after, kind) values ($1, 50, 50, 'purchase')`, [user!.id]);
      await apply(db, "0005_account_settings_receipts_refunds.sql");

      const { rows } = await db.query<{ idempotency_key: string; receipt_number: number | null }>(
        `select idempotency_key, receipt_number from payments order by idempotency_key`,
      );
      expect(rows).toEqual([
        { idempotency_key: "early", receipt_number: 1 },
        { idempotency_key: "failed", receipt_number: null },
        { idempotency_key: "late", receipt_number: 2 },
      ]);
      expect((await db.query<{ n: number }>(`select nextval('receipt_number_seq')::int as n`)).rows).toEqual([{ n: 3 }]);

      await db.query(`delete from users`);
      expect((await db.query(`select user_id from payments where user_id is null`)).rows).toHaveLength(3);
      expect((await db.query(`select user_id from credit_ledger where user_id is null`)).rows).toHaveLength(1);
    } finally {
      await db.close();
    }
  }, 120_000);
});

describe("migration 0009 on existing data", () => {
  it("sets payment status and package from the purchases that remain after refunds", async () => {
    const db = new PGlite();
    try {
      const before = readdirSync(migrationsFolder())
        .filter((file) => file.endsWith(".sql") && file < "0009")
        .sort();
      for (const file of before) await apply(db, file);

      const member = async (email: string, pkg: string, paid: boolean) =>
        (
          await db.query<{ id: string }>(
            `insert into users (email, name, password_hash, package, payment_done) values ($1, 'M', 'x', $2, $3) returning id`,
            [email, pkg, paid],
          )
        ).rows[0]!.id;
      let receipt = 0;
      const pay = async (userId: string, pkg: string, grantedAt: string, refunded: boolean) => {
        receipt += 1;
        await db.query(
          `insert into payments (user_id, package, amount_cents, credits, provider, idempotency_key, country, status, granted_at, receipt_number, refunded_at)
           values ($1, $2, 2500, 50, 'test', $3, 'JP', $4, $5, $6, $7)`,
          [userId, pkg, `k${receipt}`, refunded ? "refunded" : "succeeded", grantedAt, receipt, refunded ? grantedAt : null],
        );
      };

      // Only purchase refunded: not paid, no package.
      const only = await member("only@example.test", "pro", true);
      await pay(only, "pro", "2026-03-01", true);
      // The latest of two refunded: the earlier one's package.
      const latestRefunded = await member("latest@example.test", "pro", true);
      await pay(latestRefunded, "basic", "2026-03-01", false);
      await pay(latestRefunded, "pro", "2026-03-02", true);
      // An earlier one refunded: unchanged.
      const earlierRefunded = await member("earlier@example.test", "enterprise", true);
      await pay(earlierRefunded, "basic", "2026-03-01", true);
      await pay(earlierRefunded, "enterprise", "2026-03-02", false);
      // No refund at all: left exactly as it was.
      const untouched = await member("untouched@example.test", "basic", true);
      await pay(untouched, "basic", "2026-03-01", false);
      const never = await member("never@example.test", "", false);

      await apply(db, "0009_refund_purchase_state.sql");

      const { rows } = await db.query<{ id: string; payment_done: boolean; package: string }>(`select id, payment_done, package from users`);
      const state = Object.fromEntries(rows.map((r) => [r.id, { paymentDone: r.payment_done, package: r.package }]));
      expect(state[only]).toEqual({ paymentDone: false, package: "" });
      expect(state[latestRefunded]).toEqual({ paymentDone: true, package: "basic" });
      expect(state[earlierRefunded]).toEqual({ paymentDone: true, package: "enterprise" });
      expect(state[untouched]).toEqual({ paymentDone: true, package: "basic" });
      expect(state[never]).toEqual({ paymentDone: false, package: "" });
    } finally {
      await db.close();
    }
    // A fresh PGlite takes seconds to start on a busy machine.
  }, 120_000);
});
