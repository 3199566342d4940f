// A small settings form: posts its fields to one /account endpoint and shows the server's translated
// field errors and message. Each settings section is one of these.
import { useState, type FormEvent, type ReactNode } from "react";
import { StatusMessage, type FormStatus } from "~/app/components/ui/status-message";
import { useAuth } from "~/app/components/auth-provider";
import { useLanguage } from "~/app/components/language-provider";
import { apiRequest, ApiRequestError } from "~/app/api/api.client";

export interface AccountFormProps<T> {
  id: string;
  title: string;
  intro?: ReactNode;
  path: string;
  body: () => Record<string, unknown>;
  submit: string;
  submitting: string;
  failed: string;
  danger?: boolean;
  /** Checks in the browser before sending; a message stops the request. */
  precheck?: () => string | null;
  onDone?: (result: T) => void;
  children: (errors: Record<string, string>) => ReactNode;
}

export function AccountForm<T extends { message?: string }>(props: AccountFormProps<T>) {
  const { token, clear } = useAuth();
  const { lang } = useLanguage();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<FormStatus>(null);
  const [pending, setPending] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const problem = props.precheck?.();
    if (problem) {
      setStatus({ kind: "error", text: problem });
      return;
    }
    setPending(true);
    setErrors({});
    setStatus(null);
    try {
      const result = await apiRequest<T>(props.path, { method: "POST", token, lang, body: props.body() });
      setStatus(result.message ? { kind: "success", text: result.message } : null);
      props.onDone?.(result);
    } catch (error) {
      if (error instanceof ApiRequestError && error.status === 401) clear();
      if (error instanceof ApiRequestError && error.message) {
        setErrors(error.fields);
        setStatus({ kind: "error", text: error.message });
      } else {
        setStatus({ kind: "error", text: props.failed });
      }
    } finally {
      setPending(false);
    }
  }

  return (
    <section aria-labelledby={`${props.id}-title`} className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm" data-testid={`account-${props.id}`}>
      <h2 id={`${props.id}-title`} className="text-lg font-semibold text-slate-900">
        {props.title}
      </h2>
      {props.intro && <div className="mt-1 text-sm text-slate-600">{props.intro}</div>}
      <form noValidate onSubmit={onSubmit} className="mt-4 space-y-4">
        {props.children(errors)}
        <StatusMessage status={status} testId={`account-${props.id}-status`} />
        <button
          type="submit"
          disabled={pending}
          className={`rounded-md px-4 py-2 text-sm font-semibold text-white shadow disabled:cursor-not-allowed disabled:bg-slate-500 ${
            props.danger ? "bg-red-700 hover:bg-red-800" : "bg-brand-600 hover:bg-brand-700"
          }`}
        >
          {pending ? props.submitting : props.submit}
        </button>
      </form>
    </section>
  );
}
