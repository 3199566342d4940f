// Building blocks of the account forms (log-in, sign-up, forgotten and reset password): a labelled
// input with its hint and error wired through aria-describedby, the page card, and the status line.
import type { ReactNode } from "react";

interface AuthFieldProps {
  id: string;
  label: ReactNode;
  type: "text" | "email" | "password";
  value: string;
  onChange: (value: string) => void;
  autoComplete: string;
  error?: string;
  hint?: string;
  required?: boolean;
  maxLength?: number;
}

export function AuthField({ id, label, type, value, onChange, autoComplete, error, hint, required, maxLength }: AuthFieldProps) {
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(" ") || undefined;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        id={id}
        name={id}
        type={type}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        autoComplete={autoComplete}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        maxLength={maxLength}
        spellCheck={type === "text" ? undefined : false}
        autoCapitalize={type === "text" ? undefined : "none"}
        className={`mt-1 block w-full rounded-md border px-3 py-2 text-slate-900 shadow-sm focus:outline-none focus:ring-2 focus:ring-brand-600 ${
          error ? "border-red-600" : "border-slate-400"
        }`}
      />
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700" data-testid={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

export type FormStatus = { kind: "error" | "success"; text: string } | null;

/** Errors are alerts (read at once), successes polite status messages. Both regions always exist, so screen readers notice changes. */
export function FormStatusMessage({ status, testId = "form-status" }: { status: FormStatus; testId?: string }) {
  return (
    <div>
      <div role="alert">
        {status?.kind === "error" && (
          <p className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-800" data-testid={testId}>
            {status.text}
          </p>
        )}
      </div>
      <div role="status">
        {status?.kind === "success" && (
          <p className="rounded-md border border-green-200 bg-green-50 px-4 py-3 text-sm font-medium text-green-800" data-testid={testId}>
            {status.text}
          </p>
        )}
      </div>
    </div>
  );
}

export function AuthCard({ title, subtitle, children }: { title: string; subtitle: string; children: ReactNode }) {
  return (
    <section className="mx-auto w-full max-w-md px-4 py-12 sm:py-16">
      <div className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
        <p className="mt-2 text-slate-600">{subtitle}</p>
        <div className="mt-6">{children}</div>
      </div>
    </section>
  );
}

export function ShowPasswordToggle({ id, label, checked, onChange }: { id: string; label: string; checked: boolean; onChange: (v: boolean) => void }) {
  return (
    <div className="flex items-center gap-2">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        className="h-4 w-4 rounded border-slate-400 text-brand-600 focus:ring-2 focus:ring-brand-600"
      />
      <label htmlFor={id} className="text-sm text-slate-700">
        {label}
      </label>
    </div>
  );
}

/** How long a success message stays before the next page opens. */
export const SUCCESS_REDIRECT_MS = 800;

export const submitButtonClass =
  "w-full rounded-md bg-brand-600 px-4 py-2.5 font-semibold text-white shadow-sm hover:bg-brand-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:opacity-70";
