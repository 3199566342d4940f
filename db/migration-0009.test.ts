// Migration 0009 on existing data: members refunded before a refund revisited their payment status
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
