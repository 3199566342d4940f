// Receipts: a granted purchase seen by its owner, and the receipt e-mail sent once when it is granted.
import { and, eq, isNotNull } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { payments, users } from "~/db/schema";
import type { Receipt, ReceiptSeller } from "~/lib/contracts/receipt";
import { receiptLabel } from "~/lib/contracts/receipt";
import { companyLegalName, type Env } from "~/lib/env.server";
import { format } from "~/lib/i18n/format";
import { isLang, type Lang } from "~/lib/i18n/languages";
import { localePath } from "~/lib/i18n/paths";
import { labelled } from "~/lib/i18n/punctuation";
import type { Logger } from "~/lib/logger.server";
import type { Mailer } from "~/lib/mail.server";
import { receiptLines, receiptNotes, sellerTaxIdLine } from "./receipt-format";
import { RECEIPT_LINES, RECEIPT_MAIL } from "./receipt-messages";

export interface ReceiptDeps {
  db: Db;
  env: Pick<Env, "COMPANY_LEGAL_NAME" | "SITE_NAME" | "CONTACT_ADDRESS" | "COMPANY_TAX_ID">;
  mailer: Mailer;
  logger: Logger;
  /** The site's origin for absolute links in e-mails. */
  origin: string;
}

/** Who issues a receipt made now: the settings' legal name, address and tax registration number. */
export function receiptSeller(env: ReceiptDeps["env"]): ReceiptSeller {
  return { legalName: companyLegalName(env), address: env.CONTACT_ADDRESS ?? null, taxId: env.COMPANY_TAX_ID ?? null };
}

export const receiptPath = (lang: Lang, paymentId: string) => localePath(lang, `/account/receipts/${paymentId}`);

/**
 * The receipt of a granted purchase, or null when it does not exist, was never granted, or belongs
 * to someone else than `ownerId` (the same answer, so ids of other members' payments reveal
 * nothing); `ownerId` null (an administrator) reads anyone's.
 */
export async function getReceipt(
  db: Db,
  env: ReceiptDeps["env"],
  paymentId: string,
  ownerId: string | null,
): Promise<(Receipt & { lang: Lang }) | null> {
  const [row] = await db
    .select({ payment: payments, name: users.name, email: users.email, lang: users.lang })
    .from(payments)
    .innerJoin(users, eq(users.id, payments.userId))
    .where(
      and(
        eq(payments.id, paymentId),
        ownerId === null ? undefined : eq(payments.userId, ownerId),
        isNotNull(payments.grantedAt),
        isNotNull(payments.receiptNumber),
      ),
    );
  if (!row) return null;
  const p = row.payment;
  return {
    id: p.id,
    number: p.receiptNumber!,
    issuedAt: p.grantedAt!.toISOString(),
    package: p.package,
    credits: p.credits,
    amountCents: p.amountCents,
    currency: p.currency,
    cardLast4: p.cardLast4,
    testMode: p.provider === "test",
    refundedAt: p.refundedAt?.toISOString() ?? null,
    refundFailedAt: p.refundFailedAt?.toISOString() ?? null,
    refundRepaidAt: p.refundRepaidAt?.toISOString() ?? null,
    // As issued; a payment granted before the receipt kept it shows the current settings.
    seller: p.sellerLegalName !== null ? { legalName: p.sellerLegalName, address: p.sellerAddress, taxId: p.sellerTaxId } : receiptSeller(env),
    // As issued; a payment granted before the receipt kept them shows the account's current ones.
    customer: { name: p.billedName ?? row.name, email: p.billedEmail ?? row.email },
    lang: isLang(row.lang) ? row.lang : "en",
  };
}

/** The receipt as a plain-text e-mail body in one language. */
export function receiptMailText(receipt: Receipt, lang: Lang, link: string, siteName: string): string {
  const seller = [receipt.seller.legalName, receipt.seller.address, sellerTaxIdLine(receipt, lang)].filter(Boolean).join("\n");
  const lines = receiptLines(receipt, lang).map(([label, value]) => labelled(lang, label, value));
  return [
    format(RECEIPT_MAIL.intro[lang], { name: receipt.customer.name }),
    "",
    `${RECEIPT_LINES.title[lang]} — ${seller}`,
    "",
    ...lines,
    ...receiptNotes(receipt, lang),
    "",
    format(RECEIPT_MAIL.outro[lang], { link, siteName }),
  ].join("\n");
}

/** Sends the receipt to the member in the language they last used. Never throws (logged instead). */
export async function sendReceiptMail(deps: ReceiptDeps, paymentId: string, ownerId: string): Promise<void> {
  try {
    const receipt = await getReceipt(deps.db, deps.env, paymentId, ownerId);
    if (!receipt) return;
    const { lang } = receipt;
    const link = `${deps.origin}${receiptPath(lang, receipt.id)}`;
    await deps.mailer.send({
      to: receipt.customer.email,
      subject: format(RECEIPT_MAIL.subject[lang], { siteName: deps.env.SITE_NAME, number: receiptLabel(receipt.number) }),
      text: receiptMailText(receipt, lang, link, deps.env.SITE_NAME),
    });
  } catch (error) {
    deps.logger.error({ err: error, paymentId }, "receipt e-mail could not be sent");
  }
}
