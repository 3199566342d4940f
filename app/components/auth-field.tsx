// Building blocks of the account forms (log-in, sign-up, forgotten and reset password): the field
// in the account pages' style (app/components/ui/field.tsx), the page card, the show-password toggle.
import { useEffect, useRef, type ReactNode } from "react";
import { Field } from "./ui/field";

interface AuthFieldProps {
  id: string;
  label: ReactNode;
  type: "text" | "email" | "password";
  autoComplete: string;
  error?: string;
  hint?: string;
  required?: boolean;
  maxLength?: number;
  /** The form field's name (defaults to the id): the forms read their values on submit (use-form.ts). */
  name?: string;
  defaultValue?: string;
}

export function AuthField({ id, name, label, type, autoComplete, error, hint, required, maxLength, defaultValue }: AuthFieldProps) {
  return (
    <Field
      id={id}
      name={name}
      label={label}
      type={type}
      error={error}
      hint={hint}
      autoComplete={autoComplete}
      aria-required={required || undefined}
      maxLength={maxLength}
      defaultValue={defaultValue}
      spellCheck={type === "text" ? undefined : false}
      autoCapitalize={type === "text" ? undefined : "none"}
      controlClassName={`mt-1 block w-full rounded-md border px-3 py-2 text-slate-900 shadow-sm focus:outline-none focus:ring-2 focus:ring-brand-600 ${
        error ? "border-red-600" : "border-slate-400"
      }`}
    />
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

/**
 * The box is uncontrolled: React unticked a controlled one ticked before the page hydrated, and the
 * password stayed hidden (found by a stranger). Its state before hydration is read once React is there.
 */
export function ShowPasswordToggle({ id, label, checked, onChange }: { id: string; label: string; checked: boolean; onChange: (v: boolean) => void }) {
  const box = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (box.current && box.current.checked !== checked) onChange(box.current.checked);
    // Once, at hydration: afterwards the box's own changes report themselves.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <div className="flex items-center gap-2">
      <input
        ref={box}
        id={id}
        type="checkbox"
        defaultChecked={checked}
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
  "w-full rounded-md bg-brand-600 px-4 py-2.5 font-semibold text-white shadow-sm hover:bg-brand-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2 aria-disabled:cursor-not-allowed aria-disabled:opacity-70";
