// The two things an admin does on /admin/users/:id: adjust the credits (a reason is required and
// lands in the ledger with the admin's id) and change the admin role (with a confirmation step).
import { useEffect, useId, useRef, useState } from "react";
import { api, ApiRequestError } from "~/app/api/api.client";
import { CreditAdjustmentSchema, CREDIT_DIRECTIONS, MAX_CREDIT_ADJUSTMENT, MAX_REASON_LENGTH, type AdminUser } from "~/lib/contracts/admin";
import { newIdempotencyKey } from "~/lib/contracts/idempotency-key";
import { PACKAGES } from "~/lib/catalog";
import { format } from "~/lib/i18n/format";
import { sentences } from "~/lib/i18n/punctuation";
import { admin } from "~/content/messages/admin";
import { useAuth } from "./auth-provider";
import { useLanguage, useMessages } from "./language-provider";
import { Field } from "./ui/field";
import { StatusMessage, type FormStatus } from "./ui/status-message";
import { schemaProblem, useForm } from "./ui/use-form";

/** The credits of the largest package: an adjustment beyond it is confirmed first. */
const LARGEST_PACKAGE_CREDITS = Math.max(...PACKAGES.map((pkg) => pkg.credits));

export const sectionClass = "mt-8 rounded-lg border border-slate-200 bg-white p-5 shadow-sm";
const labelClass = "text-sm font-medium text-slate-700";
const errorClass = "mt-1 text-sm text-red-700";

export function AdjustCredits({ userId, onDone }: { userId: string; onDone: () => void }) {
  const t = useMessages(admin);
  const { lang } = useLanguage();
  const auth = useAuth();
  const ids = { amount: useId(), reason: useId() };
  // One idempotency key until an answer says what became of the adjustment: after an answer lost to
  // the network the same key goes again, so the server applies it once, and a corrected amount is
  // refused (409) rather than applied beside the first (found by a stranger: +7 and +8 both applied).
  const attempt = useRef<string | null>(null);
  const { errors, status, setStatus, pending, onSubmit, showFailure } = useForm({
    validate: (values) => schemaProblem(CreditAdjustmentSchema, values, lang),
    async submit(values, form) {
      try {
        attempt.current ??= newIdempotencyKey("adj");
        const body = { ...CreditAdjustmentSchema.parse(values), idempotencyKey: attempt.current };
        // More than any package sells is worth a second look (an operations review: 100,000 credits
        // went through on one click); the form keeps what was typed when the answer is no.
        if (body.amount > LARGEST_PACKAGE_CREDITS) {
          const question = format(t.user.adjust.confirmLarge[body.direction], { credits: body.amount, largest: LARGEST_PACKAGE_CREDITS });
          if (!window.confirm(question)) return;
        }
        const result = await api("POST /admin/users/:id/credits", { params: { id: userId }, body, token: auth.token, lang });
        attempt.current = null;
        if (auth.user?.id === userId) auth.setCredits(result.credits);
        setStatus({ kind: "success", text: sentences(lang, result.message, format(t.user.adjust.balance, { credits: result.credits })) });
        // The direction stays as chosen; the amount and reason start empty again.
        for (const name of ["amount", "reason"]) {
          const control = form.elements.namedItem(name) as HTMLInputElement | HTMLTextAreaElement | null;
          if (control) control.value = "";
        }
        onDone();
      } catch (error) {
        if (error instanceof ApiRequestError && error.status === 401) auth.clear();
        const answered = error instanceof ApiRequestError && error.status > 0 && error.status < 500;
        if (answered) attempt.current = null;
        // Unknown (no answer, or the server failed) or refused for an earlier one saved: the page
        // shows the balance and the ledger as they are now.
        if (!answered || (error as ApiRequestError).code === "idempotency_conflict") onDone();
        showFailure(error, t.user.adjust.outcomeUnknown, t.loadFailed);
      }
    },
  });

  return (
    <section className={sectionClass} aria-labelledby="adjust-title">
      <h2 id="adjust-title" className="text-lg font-semibold text-slate-900">
        {t.user.adjust.title}
      </h2>
      <form onSubmit={onSubmit} noValidate className="mt-4 space-y-4" data-testid="adjust-form">
        <fieldset>
          <legend className={labelClass}>{t.user.adjust.direction}</legend>
          <div className="mt-2 flex flex-wrap gap-4">
            {CREDIT_DIRECTIONS.map((d) => (
              <label key={d} className="inline-flex items-center gap-2 text-slate-800">
                <input type="radio" name="direction" value={d} defaultChecked={d === "grant"} />
                {d === "grant" ? t.user.adjust.grant : t.user.adjust.deduct}
              </label>
            ))}
          </div>
        </fieldset>
        <Field
          id={ids.amount}
          name="amount"
          label={t.user.adjust.amount}
          error={errors.amount}
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_CREDIT_ADJUSTMENT}
          step={1}
          required
          labelClassName={labelClass}
          errorClassName={errorClass}
          controlClassName="mt-1 block w-40 rounded-md border border-slate-300 px-3 py-2 text-slate-900"
        />
        <Field
          id={ids.reason}
          name="reason"
          label={t.user.adjust.reason}
          error={errors.reason}
          hint={t.user.adjust.reasonHint}
          labelClassName={labelClass}
          errorClassName={errorClass}
          render={(control) => (
            <textarea
              {...control}
              rows={3}
              required
              maxLength={MAX_REASON_LENGTH}
              className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-slate-900"
            />
          )}
        />
        {/* aria-disabled, not disabled: a disabled button drops the keyboard's focus to the page's body
            (the form helper ignores a second submission while the first is on its way). */}
        <button
          type="submit"
          aria-disabled={pending}
          className="rounded-md bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700 aria-disabled:cursor-not-allowed aria-disabled:opacity-60"
        >
          {pending ? t.user.adjust.saving : t.user.adjust.submit}
        </button>
        <StatusMessage status={status} testId="adjust-status" compact />
      </form>
    </section>
  );
}

export function RoleSection({ user, onDone }: { user: AdminUser; onDone: () => void }) {
  const t = useMessages(admin);
  const { lang } = useLanguage();
  const auth = useAuth();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  // The buttons are aria-disabled while the change is on its way, not disabled (which dropped the
  // keyboard's focus to the page's body when the change failed): their handlers ignore a press.
  const busyRef = useRef(false);
  const [status, setStatus] = useState<FormStatus>(null);
  const self = auth.user?.id === user.id;
  // Keyboard focus follows the question: to Cancel when it is asked (one more Enter granted admin
  // rights, found by a keyboard user), back to the button after Cancel, Escape or the change (it fell
  // to the page's body, found by a stranger).
  const cancelRef = useRef<HTMLButtonElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const wasConfirming = useRef(false);
  useEffect(() => {
    if (confirming) cancelRef.current?.focus();
    else if (wasConfirming.current) toggleRef.current?.focus();
    wasConfirming.current = confirming;
  }, [confirming]);
  const target = user.role === "admin" ? "user" : "admin";

  const apply = async () => {
    if (busyRef.current) return;
    busyRef.current = true;
    setBusy(true);
    setStatus(null);
    try {
      const result = await api("POST /admin/users/:id/role", { params: { id: user.id }, body: { role: target }, token: auth.token, lang });
      setStatus({ kind: "success", text: result.message });
      setConfirming(false);
      onDone();
    } catch (error) {
      const apiError = error instanceof ApiRequestError ? error : null;
      if (apiError?.status === 401) auth.clear();
      setStatus({ kind: "error", text: apiError?.message || t.loadFailed });
    } finally {
      busyRef.current = false;
      setBusy(false);
    }
  };

  const button = "rounded-md px-4 py-2 font-semibold aria-disabled:cursor-not-allowed aria-disabled:opacity-60";
  return (
    <section className={sectionClass} aria-labelledby="role-title">
      <h2 id="role-title" className="text-lg font-semibold text-slate-900">
        {t.user.roleSection.title}
      </h2>
      <p className="mt-2 text-slate-700">{user.role === "admin" ? t.user.roleSection.isAdmin : t.user.roleSection.isUser}</p>
      {self && user.role === "admin" ? (
        <p className="mt-3 text-sm text-slate-600">{t.user.roleSection.self}</p>
      ) : confirming ? (
        <div
          className="mt-4"
          onKeyDown={(event) => {
            if (event.key === "Escape" && !busyRef.current) setConfirming(false);
          }}
        >
          <p className="text-slate-800">{target === "admin" ? t.user.roleSection.confirmPromote : t.user.roleSection.confirmDemote}</p>
          <div className="mt-3 flex flex-wrap gap-2">
            <button
              type="button"
              aria-disabled={busy}
              onClick={apply}
              className={`${button} ${target === "admin" ? "bg-brand-600 text-white hover:bg-brand-700" : "bg-red-700 text-white hover:bg-red-800"}`}
            >
              {t.user.roleSection.confirm}
            </button>
            <button
              ref={cancelRef}
              type="button"
              aria-disabled={busy}
              onClick={() => {
                if (!busyRef.current) setConfirming(false);
              }}
              className={`${button} border border-slate-300 text-slate-700 hover:bg-slate-50`}
            >
              {t.user.roleSection.cancel}
            </button>
          </div>
        </div>
      ) : (
        <button
          ref={toggleRef}
          type="button"
          onClick={() => setConfirming(true)}
          className={`${button} mt-4 border border-slate-300 text-slate-800 hover:bg-slate-50`}
          data-testid="role-toggle"
        >
          {target === "admin" ? t.user.roleSection.promote : t.user.roleSection.demote}
        </button>
      )}
      {status && (
        <div className="mt-3">
          <StatusMessage status={status} testId="role-status" compact />
        </div>
      )}
    </section>
  );
}
