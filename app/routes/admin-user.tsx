// /admin/users/:id: one account with its credit ledger, payments and questions; the admin can grant
// or deduct credits (a reason is required and lands in the ledger with the admin's id) and change
// the admin role. Everything the user or the AI wrote is rendered as text.
import { useId, useState, type FormEvent } from "react";
import { useParams } from "react-router";
import { api, ApiRequestError } from "~/app/api/api.client";
import { useApiData } from "~/app/api/use-api-data";
import { formatUsd } from "~/lib/catalog";
import { format } from "~/lib/i18n/format";
import { CreditAdjustmentSchema, CREDIT_DIRECTIONS, MAX_CREDIT_ADJUSTMENT, MAX_REASON_LENGTH, type AdminUser } from "~/lib/contracts/admin";
import { fieldErrorText } from "~/lib/contracts/field-errors";
import { PRIVATE_PAGE_CACHE_CONTROL } from "~/app/page-helpers/seo";
import { adminMeta } from "~/app/components/admin-meta";
import {
  AdminPageTitle,
  LoadError,
  LoadingLine,
  PaymentBadge,
  useDateTimeFormat,
  usePackageLabel,
} from "~/app/components/admin-ui";
import { useAuth } from "~/app/components/auth-provider";
import { useLanguage, useMessages } from "~/app/components/language-provider";
import { LocalizedLink } from "~/app/components/localized-link";
import { admin } from "~/content/messages/admin";
import type { Route } from "./+types/admin-user";

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": PRIVATE_PAGE_CACHE_CONTROL });

export const meta: Route.MetaFunction = ({ matches, params }) =>
  adminMeta(matches, `/admin/users/${params.id}`, (t) => t.users.title);

const cell = "px-3 py-2 align-top";
const headCell = "px-3 py-2 font-semibold text-slate-700";
const sectionClass = "mt-8 rounded-lg border border-slate-200 bg-white p-5 shadow-sm";

export default function AdminUser() {
  const t = useMessages(admin);
  const { id = "" } = useParams();
  const { data, error, loading, reload } = useApiData("GET /admin/users/:id", { params: { id } });
  const formatDate = useDateTimeFormat();
  const packageLabel = usePackageLabel();

  if (error?.status === 404) {
    return (
      <div>
        <BackLink />
        <AdminPageTitle>{t.user.notFound}</AdminPageTitle>
      </div>
    );
  }
  // A different user's data must not show under this id while the new one loads.
  const detail = data && data.user.id === id ? data : undefined;

  return (
    <div>
      <BackLink />
      {error && <LoadError error={error} onRetry={reload} />}
      {!detail && loading && <LoadingLine />}
      {detail && (
        <>
          <AdminPageTitle>{detail.user.name}</AdminPageTitle>
          <dl className="mt-6 grid gap-4 rounded-lg border border-slate-200 bg-white p-5 shadow-sm sm:grid-cols-2 lg:grid-cols-3" data-testid="user-profile">
            <Field label={t.user.email} value={<span className="break-all">{detail.user.email}</span>} />
            <Field label={t.user.role} value={t.roles[detail.user.role]} testId="user-role" />
            <Field label={t.user.credits} value={<span className="text-2xl font-bold">{detail.user.credits}</span>} testId="user-credits" />
            <Field label={t.user.package} value={packageLabel(detail.user.package)} />
            <Field label={t.user.paymentStatus} value={<PaymentBadge paid={detail.user.paymentDone} />} />
            <Field label={t.user.joined} value={formatDate(detail.user.createdAt)} />
          </dl>

          <div className="grid gap-0 lg:grid-cols-2 lg:gap-6">
            <AdjustCredits userId={detail.user.id} onDone={reload} />
            <RoleSection user={detail.user} onDone={reload} />
          </div>

          <section className={sectionClass} aria-labelledby="ledger-title">
            <h2 id="ledger-title" className="text-lg font-semibold text-slate-900">
              {t.user.ledger.title}
            </h2>
            <Showing shown={detail.ledger.length} total={detail.totals.ledger} />
            {detail.ledger.length === 0 ? (
              <p className="mt-3 text-slate-600">{t.user.ledger.empty}</p>
            ) : (
              <div className="mt-3 overflow-x-auto">
                <table className="w-full min-w-[40rem] text-left text-sm" data-testid="ledger-table">
                  <thead className="bg-slate-50">
                    <tr>
                      <th scope="col" className={headCell}>{t.user.ledger.date}</th>
                      <th scope="col" className={headCell}>{t.user.ledger.kind}</th>
                      <th scope="col" className={`${headCell} text-right`}>{t.user.ledger.change}</th>
                      <th scope="col" className={`${headCell} text-right`}>{t.user.ledger.balance}</th>
                      <th scope="col" className={headCell}>{t.user.ledger.reason}</th>
                      <th scope="col" className={headCell}>{t.user.ledger.by}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {detail.ledger.map((entry) => (
                      <tr key={entry.id} className="border-t border-slate-200" data-testid="ledger-row">
                        <td className={`${cell} whitespace-nowrap text-slate-700`}>{formatDate(entry.createdAt)}</td>
                        <td className={`${cell} text-slate-700`}>{t.user.ledger.kinds[entry.kind] ?? entry.kind}</td>
                        <td className={`${cell} text-right font-semibold tabular-nums ${entry.delta < 0 ? "text-red-700" : "text-green-800"}`}>
                          {entry.delta > 0 ? `+${entry.delta}` : `−${Math.abs(entry.delta)}`}
                        </td>
                        <td className={`${cell} text-right tabular-nums text-slate-900`}>{entry.balanceAfter}</td>
                        <td className={`${cell} whitespace-pre-wrap break-words text-slate-700`}>{entry.reason ?? ""}</td>
                        <td className={`${cell} text-slate-700`}>{entry.adminName ?? ""}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </section>

          <section className={sectionClass} aria-labelledby="payments-title">
            <h2 id="payments-title" className="text-lg font-semibold text-slate-900">
              {t.user.payments.title}
            </h2>
            <Showing shown={detail.payments.length} total={detail.totals.payments} />
            {detail.payments.length === 0 ? (
              <p className="mt-3 text-slate-600">{t.user.payments.empty}</p>
            ) : (
              <div className="mt-3 overflow-x-auto">
                <table className="w-full min-w-[36rem] text-left text-sm" data-testid="payments-table">
                  <thead className="bg-slate-50">
                    <tr>
                      <th scope="col" className={headCell}>{t.user.payments.date}</th>
                      <th scope="col" className={headCell}>{t.user.payments.package}</th>
                      <th scope="col" className={`${headCell} text-right`}>{t.user.payments.amount}</th>
                      <th scope="col" className={`${headCell} text-right`}>{t.user.payments.credits}</th>
                      <th scope="col" className={headCell}>{t.user.payments.status}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {detail.payments.map((payment) => (
                      <tr key={payment.id} className="border-t border-slate-200">
                        <td className={`${cell} whitespace-nowrap text-slate-700`}>{formatDate(payment.createdAt)}</td>
                        <td className={`${cell} text-slate-700`}>{packageLabel(payment.package)}</td>
                        <td className={`${cell} text-right tabular-nums text-slate-900`}>{formatUsd(payment.amountCents)}</td>
                        <td className={`${cell} text-right tabular-nums text-slate-900`}>{payment.credits}</td>
                        <td className={`${cell} text-slate-700`}>
                          <span className={payment.status === "failed" ? "font-semibold text-red-700" : payment.status === "succeeded" ? "font-semibold text-green-800" : ""}>
                            {t.user.payments.statuses[payment.status] ?? payment.status}
                          </span>
                          {payment.error && <span className="block text-xs text-slate-600">{payment.error}</span>}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </section>

          <section className={sectionClass} aria-labelledby="questions-title">
            <h2 id="questions-title" className="text-lg font-semibold text-slate-900">
              {t.user.questions.title}
            </h2>
            <Showing shown={detail.questions.length} total={detail.totals.questions} />
            {detail.questions.length === 0 ? (
              <p className="mt-3 text-slate-600">{t.user.questions.empty}</p>
            ) : (
              <ul className="mt-3 space-y-4" data-testid="questions-list">
                {detail.questions.map((q) => (
                  <li key={q.id} className="rounded-md border border-slate-200 p-4">
                    <p className="flex flex-wrap gap-x-3 gap-y-1 text-xs text-slate-600">
                      <span>{formatDate(q.createdAt)}</span>
                      <span>{t.user.questions.topics[q.topic] ?? q.topic}</span>
                      <span>{t.user.questions.statuses[q.status] ?? q.status}</span>
                      <span>{format(t.user.questions.spent, { count: q.creditsSpent })}</span>
                    </p>
                    <p className="mt-2 whitespace-pre-wrap break-words font-medium text-slate-900">{q.question}</p>
                    {q.answer && (
                      <details className="mt-2">
                        <summary className="cursor-pointer text-sm font-medium text-brand-700">{t.user.questions.answer}</summary>
                        <p className="mt-2 whitespace-pre-wrap break-words text-sm text-slate-700">{q.answer}</p>
                      </details>
                    )}
                  </li>
                ))}
              </ul>
            )}
          </section>
        </>
      )}
    </div>
  );
}

function BackLink() {
  const t = useMessages(admin);
  return (
    <LocalizedLink to="/admin/users" className="mb-4 inline-block text-sm font-medium text-brand-700 hover:underline">
      ← {t.user.back}
    </LocalizedLink>
  );
}

function Field({ label, value, testId }: { label: string; value: React.ReactNode; testId?: string }) {
  return (
    <div>
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="mt-1 text-slate-900" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

function Showing({ shown, total }: { shown: number; total: number }) {
  const t = useMessages(admin);
  if (shown >= total) return null;
  return <p className="mt-1 text-sm text-slate-600">{format(t.user.showingLatest, { shown, total })}</p>;
}

function AdjustCredits({ userId, onDone }: { userId: string; onDone: () => void }) {
  const t = useMessages(admin);
  const { lang } = useLanguage();
  const auth = useAuth();
  const ids = { amount: useId(), reason: useId(), hint: useId() };
  const [direction, setDirection] = useState<(typeof CREDIT_DIRECTIONS)[number]>("grant");
  const [amount, setAmount] = useState("");
  const [reason, setReason] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<{ kind: "ok" | "error"; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setStatus(null);
    const parsed = CreditAdjustmentSchema.safeParse({ direction, amount, reason });
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0] ?? "_");
        next[key] ??= fieldErrorText(issue.message, lang);
      }
      setErrors(next);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const result = await api("POST /admin/users/:id/credits", {
        params: { id: userId },
        body: parsed.data,
        token: auth.token,
        lang,
      });
      if (auth.user?.id === userId) auth.setCredits(result.credits);
      setStatus({ kind: "ok", text: `${result.message} ${format(t.user.adjust.balance, { credits: result.credits })}` });
      setAmount("");
      setReason("");
      onDone();
    } catch (error) {
      const apiError = error instanceof ApiRequestError ? error : null;
      if (apiError?.status === 401) auth.clear();
      if (apiError && Object.keys(apiError.fields).length > 0) setErrors(apiError.fields);
      setStatus({ kind: "error", text: apiError?.message || t.loadFailed });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className={sectionClass} aria-labelledby="adjust-title">
      <h2 id="adjust-title" className="text-lg font-semibold text-slate-900">
        {t.user.adjust.title}
      </h2>
      <form onSubmit={onSubmit} noValidate className="mt-4 space-y-4" data-testid="adjust-form">
        <fieldset>
          <legend className="text-sm font-medium text-slate-700">{t.user.adjust.direction}</legend>
          <div className="mt-2 flex flex-wrap gap-4">
            {CREDIT_DIRECTIONS.map((d) => (
              <label key={d} className="inline-flex items-center gap-2 text-slate-800">
                <input type="radio" name="direction" value={d} checked={direction === d} onChange={() => setDirection(d)} />
                {d === "grant" ? t.user.adjust.grant : t.user.adjust.deduct}
              </label>
            ))}
          </div>
        </fieldset>
        <div>
          <label htmlFor={ids.amount} className="text-sm font-medium text-slate-700">
            {t.user.adjust.amount}
          </label>
          <input
            id={ids.amount}
            name="amount"
            type="number"
            inputMode="numeric"
            min={1}
            max={MAX_CREDIT_ADJUSTMENT}
            step={1}
            required
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            aria-invalid={errors.amount ? true : undefined}
            aria-describedby={errors.amount ? `${ids.amount}-error` : undefined}
            className="mt-1 block w-40 rounded-md border border-slate-300 px-3 py-2 text-slate-900"
          />
          {errors.amount && (
            <p id={`${ids.amount}-error`} className="mt-1 text-sm text-red-700">
              {errors.amount}
            </p>
          )}
        </div>
        <div>
          <label htmlFor={ids.reason} className="text-sm font-medium text-slate-700">
            {t.user.adjust.reason}
          </label>
          <textarea
            id={ids.reason}
            name="reason"
            rows={3}
            required
            maxLength={MAX_REASON_LENGTH}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            aria-invalid={errors.reason ? true : undefined}
            aria-describedby={`${ids.hint}${errors.reason ? ` ${ids.reason}-error` : ""}`}
            className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-slate-900"
          />
          <p id={ids.hint} className="mt-1 text-sm text-slate-600">
            {t.user.adjust.reasonHint}
          </p>
          {errors.reason && (
            <p id={`${ids.reason}-error`} className="mt-1 text-sm text-red-700">
              {errors.reason}
            </p>
          )}
        </div>
        <button
          type="submit"
          disabled={busy}
          className="rounded-md bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
        >
          {busy ? t.user.adjust.saving : t.user.adjust.submit}
        </button>
        {status && (
          <p
            role={status.kind === "ok" ? "status" : "alert"}
            className={`text-sm ${status.kind === "ok" ? "text-green-800" : "text-red-700"}`}
            data-testid="adjust-status"
          >
            {status.text}
          </p>
        )}
      </form>
    </section>
  );
}

function RoleSection({ user, onDone }: { user: AdminUser; onDone: () => void }) {
  const t = useMessages(admin);
  const { lang } = useLanguage();
  const auth = useAuth();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<{ kind: "ok" | "error"; text: string } | null>(null);
  const self = auth.user?.id === user.id;
  const target = user.role === "admin" ? "user" : "admin";

  const apply = async () => {
    setBusy(true);
    setStatus(null);
    try {
      const result = await api("POST /admin/users/:id/role", {
        params: { id: user.id },
        body: { role: target },
        token: auth.token,
        lang,
      });
      setStatus({ kind: "ok", text: result.message });
      setConfirming(false);
      onDone();
    } catch (error) {
      const apiError = error instanceof ApiRequestError ? error : null;
      if (apiError?.status === 401) auth.clear();
      setStatus({ kind: "error", text: apiError?.message || t.loadFailed });
    } finally {
      setBusy(false);
    }
  };

  const button = "rounded-md px-4 py-2 font-semibold disabled:opacity-60";
  return (
    <section className={sectionClass} aria-labelledby="role-title">
      <h2 id="role-title" className="text-lg font-semibold text-slate-900">
        {t.user.roleSection.title}
      </h2>
      <p className="mt-2 text-slate-700">{user.role === "admin" ? t.user.roleSection.isAdmin : t.user.roleSection.isUser}</p>
      {self && user.role === "admin" ? (
        <p className="mt-3 text-sm text-slate-600">{t.user.roleSection.self}</p>
      ) : confirming ? (
        <div className="mt-4">
          <p className="text-slate-800">{target === "admin" ? t.user.roleSection.confirmPromote : t.user.roleSection.confirmDemote}</p>
          <div className="mt-3 flex flex-wrap gap-2">
            <button
              type="button"
              disabled={busy}
              onClick={apply}
              className={`${button} ${target === "admin" ? "bg-brand-600 text-white hover:bg-brand-700" : "bg-red-700 text-white hover:bg-red-800"}`}
            >
              {t.user.roleSection.confirm}
            </button>
            <button
              type="button"
              disabled={busy}
              onClick={() => setConfirming(false)}
              className={`${button} border border-slate-300 text-slate-700 hover:bg-slate-50`}
            >
              {t.user.roleSection.cancel}
            </button>
          </div>
        </div>
      ) : (
        <button
          type="button"
          onClick={() => setConfirming(true)}
          className={`${button} mt-4 border border-slate-300 text-slate-800 hover:bg-slate-50`}
          data-testid="role-toggle"
        >
          {target === "admin" ? t.user.roleSection.promote : t.user.roleSection.demote}
        </button>
      )}
      {status && (
        <p role={status.kind === "ok" ? "status" : "alert"} className={`mt-3 text-sm ${status.kind === "ok" ? "text-green-800" : "text-red-700"}`}>
          {status.text}
        </p>
      )}
    </section>
  );
}
