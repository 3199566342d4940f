// /account/receipts/:id: a purchase's printable receipt (the same lines as the receipt e-mail,
// lib/payments/receipt-format.ts). Only its owner and administrators see it; fetched in the browser
// after hydration. Within the refund window it says how to ask for a refund.
import { useParams } from "react-router";
import { useApiData } from "~/app/api/use-api-data";
import { useLanguage, useMessages } from "~/app/components/language-provider";
import { LocalizedLink } from "~/app/components/localized-link";
import { RequireAuth } from "~/app/components/require-auth";
import { pageLang } from "~/app/page-helpers/page-loader.server";
import { PRIVATE_PAGE_CACHE_CONTROL, textPageMeta } from "~/app/page-helpers/seo";
import { account as accountMessages } from "~/content/messages/account";
import { receiptLines, receiptNotes, sellerTaxIdLine } from "~/lib/payments/receipt-format";
import { RECEIPT_LINES } from "~/lib/payments/receipt-messages";
import { receiptLabel, type Receipt } from "~/lib/contracts/receipt";
import { REFUND_WINDOW_DAYS, withinRefundWindow } from "~/lib/contracts/refund";
import { format } from "~/lib/i18n/format";
import type { Route } from "./+types/account-receipt";

export function loader({ params }: Route.LoaderArgs) {
  return { lang: pageLang(params) };
}

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": PRIVATE_PAGE_CACHE_CONTROL });

export const meta: Route.MetaFunction = (args) =>
  textPageMeta(args, `/account/receipts/${args.params.id}`, (lang) => {
    const { seoTitle } = accountMessages[lang].receipt;
    return { title: seoTitle, description: seoTitle, noindex: true };
  });

/**
 * Whether the receipt says how to ask for a refund: the purchase is not refunded and its window is
 * still open (docs/product.md, credit terms; the balance rule is the administrator's to check).
 */
const refundable = (receipt: Receipt) => receipt.refundedAt === null && withinRefundWindow(new Date(receipt.issuedAt), new Date());

function ReceiptView() {
  const t = useMessages(accountMessages).receipt;
  const { lang } = useLanguage();
  const { id = "" } = useParams();
  // Any refusal (not found, someone else's receipt) reads as "not found"; a 401 signs the browser out.
  const { data, error } = useApiData("GET /payment/receipts/:id", { params: { id }, keepPrevious: false });

  if (error || !data) {
    // The page keeps its heading while the receipt loads or when there is none to show.
    return (
      <section>
        <h1 className="text-2xl font-bold text-slate-900">{RECEIPT_LINES.title[lang]}</h1>
        {error ? (
          <>
            <p role="alert" className="mt-4 rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800" data-testid="receipt-missing">
              {t.notFound}
            </p>
            <LocalizedLink to="/explore" className="mt-4 inline-block text-sm font-medium text-brand-700 underline hover:no-underline">
              {t.back}
            </LocalizedLink>
          </>
        ) : (
          <p role="status" className="mt-4 text-slate-700">
            {t.loading}
          </p>
        )}
      </section>
    );
  }
  const { receipt } = data;
  const notes = receiptNotes(receipt, lang);
  const taxId = sellerTaxIdLine(receipt, lang);
  return (
    <article className="rounded-lg border border-slate-300 bg-white p-6 shadow-sm print:border-0 print:shadow-none" data-testid="receipt">
      <header className="flex flex-wrap items-start justify-between gap-4 border-b border-slate-200 pb-4">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">{RECEIPT_LINES.title[lang]}</h1>
        </div>
        <div className="text-right text-sm text-slate-700">
          <p className="text-xs uppercase tracking-wide text-slate-600">{t.seller}</p>
          <p className="font-semibold text-slate-900" data-testid="receipt-seller">
            {receipt.seller.legalName}
          </p>
          {receipt.seller.address && <p className="whitespace-pre-line">{receipt.seller.address}</p>}
          {taxId && <p data-testid="receipt-tax-id">{taxId}</p>}
        </div>
      </header>
      <dl className="mt-4 grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
        {receiptLines(receipt, lang).map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-medium text-slate-600">{label}</dt>
            <dd className="break-words text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
      {notes.length > 0 && (
        <ul className="mt-4 space-y-1 text-sm font-medium text-amber-900" data-testid="receipt-notes">
          {notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      )}
      {refundable(receipt) && (
        <p className="mt-4 text-sm text-slate-700 print:hidden" data-testid="receipt-refund">
          {format(t.refundTerms, { days: REFUND_WINDOW_DAYS, number: receiptLabel(receipt.number) })}{" "}
          <LocalizedLink to={`/contact?service=general&refund=${receiptLabel(receipt.number)}`} className="font-medium text-brand-700 underline hover:no-underline">
            {t.requestRefund}
          </LocalizedLink>
        </p>
      )}
      <div className="mt-6 flex flex-wrap gap-4 print:hidden">
        <button type="button" onClick={() => window.print()} className="rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700">
          {t.print}
        </button>
        <LocalizedLink to="/explore" className="self-center text-sm font-medium text-brand-700 underline hover:no-underline">
          {t.back}
        </LocalizedLink>
      </div>
    </article>
  );
}

export default function AccountReceipt() {
  return (
    <div className="mx-auto max-w-2xl px-4 py-10 sm:px-6">
      <RequireAuth>
        <ReceiptView />
      </RequireAuth>
    </div>
  );
}
