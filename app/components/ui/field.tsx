// A labelled form control with its hint and error wired through aria-describedby. The control is
// an <input> by default; `render` gives any other control (a textarea, a select) the same wiring.
import type { InputHTMLAttributes, ReactNode } from "react";

export interface ControlProps {
  id: string;
  name: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
}

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "name"> {
  id: string;
  /** Defaults to the id. */
  name?: string;
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  /** Classes of the label, the control (an <input>) and the error line. */
  labelClassName?: string;
  controlClassName?: string;
  errorClassName?: string;
  /** data-testid of the error line (default `${id}-error`). */
  errorTestId?: string;
  render?: (control: ControlProps) => ReactNode;
}

export function Field({
  id,
  name = id,
  label,
  error,
  hint,
  labelClassName = "block text-sm font-medium text-slate-800",
  controlClassName,
  errorClassName = "mt-1 text-sm font-medium text-red-700",
  errorTestId = `${id}-error`,
  render,
  ...input
}: FieldProps) {
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(" ") || undefined;
  const control: ControlProps = { id, name, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy };
  return (
    <div>
      <label htmlFor={id} className={labelClassName}>
        {label}
      </label>
      {render ? render(control) : <input {...input} {...control} className={controlClassName} />}
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className={errorClassName} data-testid={errorTestId}>
          {error}
        </p>
      )}
    </div>
  );
}
