// The one form helper every form uses (docs/decisions/0012-form-helper.md): the inputs are plain,
// uncontrolled form fields; on submit their values are read from the form, checked (usually with a
// contract schema through schemaProblem), and either shown as field errors and a status line or
// handed to `submit`. Without `submit` a valid form is left to the browser / React Router (the
// contact page's action works the same without JavaScript).
import { useEffect, useRef, useState, type FormEvent } from "react";
import type { z } from "zod";
import { ApiRequestError } from "~/app/api/api.client";
import { useLanguage } from "~/app/components/language-provider";
import { fieldErrors } from "~/lib/contracts/field-errors";
import type { Lang } from "~/lib/i18n/languages";
import type { FormStatus } from "./status-message";

/** The form's text values by field name (files are ignored). */
export type FormValues = Record<string, string>;

/** What stops a submission: field → message, and/or a status line. */
export interface FormProblem {
  fields?: Record<string, string>;
  status?: string;
}

/** The form's values; a named submit button that sent it adds its own (one form, a button per row). */
export function formValues(form: HTMLFormElement, submitter?: HTMLElement | null): FormValues {
  const values: FormValues = {};
  const data = submitter?.getAttribute("name") ? new FormData(form, submitter) : new FormData(form);
  for (const [name, value] of data) if (typeof value === "string") values[name] = value;
  return values;
}

/**
 * A contract schema's verdict as a FormProblem (null when it accepts): the first issue per field in
 * the page's language. `ignore` drops fields the server must judge itself (the honeypot).
 */
export function schemaProblem(
  schema: z.ZodType,
  values: unknown,
  lang: Lang,
  options: { status?: string; ignore?: readonly string[] } = {},
): FormProblem | null {
  const result = schema.safeParse(values);
  if (result.success) return null;
  const fields = Object.fromEntries(Object.entries(fieldErrors(result.error, lang).fields).filter(([name]) => !options.ignore?.includes(name)));
  if (Object.keys(fields).length === 0) return null;
  return { fields, status: options.status };
}

/**
 * Moves focus to the first field that has an error, in `order` or else in the form's own order;
 * controls are found by name.
 */
export function focusFirstInvalid(form: HTMLFormElement | null, fields: Record<string, string>, order?: readonly string[]) {
  if (!form) return;
  if (order) {
    const first = order.find((name) => fields[name]);
    if (first) form.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
    return;
  }
  for (const control of form.elements) {
    const name = (control as HTMLInputElement).name;
    if (name && fields[name]) return (control as HTMLElement).focus();
  }
}

/** A problem without field errors ("please fill all fields"): focus goes to the first required field left empty. */
function focusFirstEmptyRequired(form: HTMLFormElement) {
  for (const control of form.elements) {
    const field = control as HTMLInputElement;
    const required = field.required || field.getAttribute("aria-required") === "true";
    if (required && typeof field.value === "string" && field.value.trim() === "") return field.focus();
  }
}

/**
 * Calls `onSwitch` when the visitor switches the page's language while the form stays on screen
 * (the typed values stay): a message shown in the old language would be left untranslated.
 */
export function useLanguageSwitch(onSwitch: () => void) {
  const { lang } = useLanguage();
  const shownIn = useRef(lang);
  const latest = useRef(onSwitch);
  latest.current = onSwitch;
  useEffect(() => {
    if (shownIn.current === lang) return;
    shownIn.current = lang;
    latest.current();
  }, [lang]);
}

export interface UseFormOptions {
  /** Checks before submitting; a problem stops the submission. */
  validate?: (values: FormValues) => FormProblem | null;
  /**
   * Sends the values. Return "keep-pending" to leave the form busy (a redirect follows). Without it,
   * a valid form is submitted by the browser (a React Router <Form> to its action).
   */
  submit?: (values: FormValues, form: HTMLFormElement) => Promise<void | "keep-pending">;
  /** The order in which fields are focused when a check fails (the first invalid one); default, the form's. */
  focusOrder?: readonly string[];
  /** A finished form ignores further submissions (and keeps its status). */
  disabled?: boolean;
}

export function useForm({ validate, submit, focusOrder, disabled }: UseFormOptions) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<FormStatus>(null);
  const [pending, setPending] = useState(false);
  const busy = useRef(false);
  // The form last sent: a refusal naming fields takes the focus to the first of them.
  const sent = useRef<HTMLFormElement | null>(null);
  // Field errors and the status line are in the language they were shown in: a switch clears them
  // (the next submission shows them again, in the new language).
  useLanguageSwitch(() => {
    setErrors({});
    setStatus(null);
  });

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    const form = event.currentTarget;
    if (submit) event.preventDefault();
    if (busy.current || disabled) return;
    const values = formValues(form, (event.nativeEvent as SubmitEvent).submitter);
    setErrors({});
    const problem = validate?.(values);
    if (problem) {
      event.preventDefault();
      setErrors(problem.fields ?? {});
      setStatus(problem.status ? { kind: "error", text: problem.status } : null);
      if (problem.fields) focusFirstInvalid(form, problem.fields, focusOrder);
      else focusFirstEmptyRequired(form);
      return;
    }
    if (!submit) return;
    setStatus(null);
    sent.current = form;
    busy.current = true;
    setPending(true);
    let outcome: void | "keep-pending" = undefined;
    try {
      outcome = await submit(values, form);
    } finally {
      if (outcome !== "keep-pending") {
        busy.current = false;
        setPending(false);
      }
    }
  };

  /**
   * Shows a refused request: the server's field errors and its translated message (or `refused`
   * when it gave none), else `unreachable` (no answer, or a refusal without a message and no
   * `refused` text). Returns the ApiRequestError, if any.
   */
  const showFailure = (error: unknown, unreachable: string, refused?: string): ApiRequestError | null => {
    const apiError = error instanceof ApiRequestError ? error : null;
    const text = apiError && apiError.status !== 0 ? apiError.message || refused : undefined;
    if (apiError && text) {
      setErrors(apiError.fields);
      setStatus({ kind: "error", text });
      // Focus left in another field (Enter pressed there) pointed nowhere near the error (found by a keyboard user).
      focusFirstInvalid(sent.current, apiError.fields, focusOrder);
    } else {
      setStatus({ kind: "error", text: unreachable });
    }
    return apiError;
  };

  return { errors, setErrors, status, setStatus, pending, onSubmit, showFailure };
}
