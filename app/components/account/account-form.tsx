// A small settings form on the form helper (app/components/ui/use-form.ts): `send` posts its values to
// one /account endpoint; the server's translated field errors and message are shown. Each settings
// section is one of these.
import type { ReactNode } from "react";
import { ApiRequestError } from "~/app/api/api.client";
import { StatusMessage } from "~/app/components/ui/status-message";
import { useForm, type FormProblem, type FormValues } from "~/app/components/ui/use-form";
import { useAuth } from "~/app/components/auth-provider";
import { useLatestStatus } from "./latest-status";

export interface AccountFormProps {
  id: string;
  title: string;
  intro?: ReactNode;
  /** Sends the form's values with the typed client (`api("POST /account/...", ...)`). */
  send: (values: FormValues) => Promise<{ message: string }>;
  submit: string;
  submitting: string;
  failed: string;
  /** The status line when the server's refusal is a field's error (shown beside the field). */
  checkFields: string;
  danger?: boolean;
  /** Checks in the browser before sending; a problem stops the request (its first field takes the focus). */
  precheck?: (values: FormValues) => FormProblem | null;
  onDone?: (values: FormValues, form: HTMLFormElement) => void | Promise<void>;
  children: (errors: Record<string, string>) => ReactNode;
}

/** Empties the named controls of a form (the passwords after a change). */
export function clearFields(form: HTMLFormElement, names: readonly string[]) {
  for (const name of names) {
    const control = form.elements.namedItem(name);
    if (control instanceof HTMLInputElement) control.value = "";
  }
}

export function AccountForm(props: AccountFormProps) {
  const { clear } = useAuth();
  const latest = useLatestStatus();
  const { errors, status, setStatus, pending, onSubmit, showFailure } = useForm({
    validate: (values) => props.precheck?.(values) ?? null,
    async submit(values, form) {
      try {
        const result = await props.send(values);
        // A result with nothing to say leaves the line of the section that spoke last.
        if (result.message) latest.claim();
        setStatus(result.message ? { kind: "success", text: result.message } : null);
        void props.onDone?.(values, form);
      } catch (error) {
        latest.claim();
        if (error instanceof ApiRequestError && error.status === 401) clear();
        const refused = showFailure(error, props.failed);
        // Said beside its field already: the line above the button points there instead of repeating it.
        if (refused && Object.values(refused.fields).includes(refused.message)) setStatus({ kind: "error", text: props.checkFields });
      }
    },
  });

  return (
    <section aria-labelledby={`${props.id}-title`} className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm" data-testid={`account-${props.id}`}>
      <h2 id={`${props.id}-title`} className="text-lg font-semibold text-slate-900">
        {props.title}
      </h2>
      {props.intro && <div className="mt-1 text-sm text-slate-600">{props.intro}</div>}
      <form
        noValidate
        onSubmit={(event) => {
          latest.claim();
          return onSubmit(event);
        }}
        className="mt-4 space-y-4"
      >
        {props.children(errors)}
        <StatusMessage status={latest.shown ? status : null} testId={`account-${props.id}-status`} />
        <button
          type="submit"
          aria-disabled={pending}
          className={`rounded-md px-4 py-2 text-sm font-semibold text-white shadow aria-disabled:cursor-not-allowed aria-disabled:bg-slate-500 ${
            props.danger ? "bg-red-700 hover:bg-red-800" : "bg-brand-600 hover:bg-brand-700"
          }`}
        >
          {pending ? props.submitting : props.submit}
        </button>
      </form>
    </section>
  );
}
