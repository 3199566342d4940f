// A receipt as labelled lines in one language: the receipt page and the receipt e-mail show the same.
import { formatUsd, getPackage } from "~/lib/catalog";
import { receiptLabel, type Receipt } from "~/lib/contracts/receipt";
import { format } from "~/lib/i18n/format";
import { langTag, type Lang } from "~/lib/i18n/languages";
import { aside, labelled } from "~/lib/i18n/punctuation";
import { RECEIPT_LINES } from "./receipt-messages";

/** A date and time in the language, in UTC (the same text on the server and in the browser). */
export function formatReceiptDate(iso: string, lang: Lang): string {
  return `${receiptDateFormat(lang).format(new Date(iso))} UTC`;
}

// One formatter per language: building an Intl.DateTimeFormat costs far more than using one, and
// every granted checkout formats a date for its receipt e-mail.
const receiptDateFormats = new Map<Lang, Intl.DateTimeFormat>();
function receiptDateFormat(lang: Lang): Intl.DateTimeFormat {
  let formatter = receiptDateFormats.get(lang);
  if (!formatter) {
    const tag = langTag(lang);
    formatter = new Intl.DateTimeFormat(tag, { dateStyle: "long", timeStyle: "short", timeZone: "UTC" });
    receiptDateFormats.set(lang, formatter);
  }
  return formatter;
}

/** What was paid, as the receipt and the checkout's confirmation say it: "$25 USD (tax included)", "$25 USD（税込）". */
export function formatAmountPaid(amountCents: number, currency: string, lang: Lang): string {
  return `${formatUsd(amountCents)} ${currency.toUpperCase()}${aside(lang, RECEIPT_LINES.taxIncluded[lang])}`;
}

export const packageName = (id: string, lang: Lang) => getPackage(id)?.name[lang] ?? id;

export function receiptLines(receipt: Receipt, lang: Lang): [label: string, value: string][] {
  const t = (key: keyof typeof RECEIPT_LINES) => RECEIPT_LINES[key][lang];
  const lines: [string, string][] = [
    [t("number"), receiptLabel(receipt.number)],
    [t("date"), formatReceiptDate(receipt.issuedAt, lang)],
    [t("billedTo"), `${receipt.customer.name} <${receipt.customer.email}>`],
    [t("package"), packageName(receipt.package, lang)],
    [t("credits"), receipt.credits.toLocaleString("en-US")],
    [t("amount"), formatAmountPaid(receipt.amountCents, receipt.currency, lang)],
  ];
  if (receipt.cardLast4) lines.push([t("card"), format(t("cardEnding"), { last4: receipt.cardLast4 })]);
  lines.push([t("reference"), receipt.id]);
  return lines;
}

/** "Tax registration number: T1234567890123" under the seller, or null when the firm has none configured. */
export function sellerTaxIdLine(receipt: Receipt, lang: Lang): string | null {
  return receipt.seller.taxId ? labelled(lang, RECEIPT_LINES.taxId[lang], receipt.seller.taxId) : null;
}

/** The notes under the lines: test mode, refund, a refund the card's bank returned. */
export function receiptNotes(receipt: Receipt, lang: Lang): string[] {
  const notes: string[] = [];
  if (receipt.refundedAt) notes.push(format(RECEIPT_LINES.refunded[lang], { date: formatReceiptDate(receipt.refundedAt, lang) }));
  if (receipt.refundFailedAt) notes.push(format(RECEIPT_LINES.refundFailed[lang], { date: formatReceiptDate(receipt.refundFailedAt, lang) }));
  if (receipt.refundRepaidAt) notes.push(format(RECEIPT_LINES.refundRepaid[lang], { date: formatReceiptDate(receipt.refundRepaidAt, lang) }));
  if (receipt.testMode) notes.push(RECEIPT_LINES.testMode[lang]);
  return notes;
}
