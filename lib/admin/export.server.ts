// The admin's CSV exports: every account, every payment (with its receipt number, the buyer's e-mail
// (a deleted account's payments stay, without it) and its refund, also one the card's bank returned
// and whether it was repaid: for a deleted account, the one place it shows), oldest first.
// Money in dollars with cents as the dashboard shows it; dates in ISO 8601 UTC. The package column
// holds the catalog's id; package_name, added last so earlier columns keep their places, the name the
// admin screens show (VIP for enterprise); then payment_status (paid, refunded, not_purchased) and the
// last package bought, refunded or not (last_package, last_package_name).
import { asc, eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { payments, users } from "~/db/schema";
import type { ExportKind } from "~/lib/contracts/admin-setup";
import { receiptLabel } from "~/lib/contracts/receipt";
import { packageName } from "~/lib/payments/receipt-format";
import { toCsv, type CsvCell } from "./csv";
import { adminUserColumns, lastPurchasedPackages, withPurchaseState } from "./users.server";

const dollars = (cents: number) => (cents / 100).toFixed(2);
/** The English name of a package id, as the admin screens show it; empty for none. */
const packageLabel = (id: string) => packageName(id, "en");

export async function exportCsv(db: Db, kind: ExportKind): Promise<string> {
  if (kind === "users") {
    const [rows, lastPackages] = await Promise.all([
      db.select(adminUserColumns).from(users).orderBy(asc(users.createdAt), asc(users.id)),
      lastPurchasedPackages(db),
    ]);
    return toCsv(
      [
        "id", "name", "email", "role", "credits", "purchased", "package", "created_at", "package_name",
        "payment_status", "last_package", "last_package_name",
      ],
      rows.map((row): CsvCell[] => {
        const u = withPurchaseState(row, lastPackages);
        // purchased and package stay the refund rule's; payment_status (paid, refunded, not_purchased)
        // and the last package, refunded or not, came later and follow at the end.
        return [
          u.id, u.name, u.email, u.role, u.credits, u.paymentDone, u.package, u.createdAt, packageLabel(u.package),
          u.paymentStatus, u.lastPackage, packageLabel(u.lastPackage),
        ];
      }),
    );
  }
  const rows = await db
    .select({
      id: payments.id,
      receiptNumber: payments.receiptNumber,
      createdAt: payments.createdAt,
      email: users.email,
      package: payments.package,
      credits: payments.credits,
      amountCents: payments.amountCents,
      currency: payments.currency,
      status: payments.status,
      provider: payments.provider,
      providerRef: payments.providerRef,
      country: payments.country,
      grantedAt: payments.grantedAt,
      refundedAt: payments.refundedAt,
      refundFailedAt: payments.refundFailedAt,
      refundFailure: payments.refundFailure,
      refundRepaidAt: payments.refundRepaidAt,
    })
    .from(payments)
    .leftJoin(users, eq(users.id, payments.userId))
    .orderBy(asc(payments.createdAt), asc(payments.id));
  return toCsv(
    [
      "id", "created_at", "email", "package", "credits", "amount", "currency", "status", "provider", "provider_ref", "country",
      "credits_granted_at", "receipt", "refunded_at", "refund_returned_at", "refund_returned_reason", "refund_repaid_at", "package_name",
    ],
    rows.map((p): CsvCell[] => [
      p.id,
      p.createdAt,
      p.email,
      p.package,
      p.credits,
      dollars(p.amountCents),
      p.currency.toUpperCase(),
      p.status,
      p.provider,
      p.providerRef,
      p.country,
      p.grantedAt,
      // Then what came later, so the columns before kept their places: the receipt, and the refund
      // (a refund the card's bank returned is money still owed, repaid once refund_repaid_at is set).
      p.receiptNumber === null ? null : receiptLabel(p.receiptNumber),
      p.refundedAt,
      p.refundFailedAt,
      p.refundFailure,
      p.refundRepaidAt,
      packageLabel(p.package),
    ]),
  );
}
