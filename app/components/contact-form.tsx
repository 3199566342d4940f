// The contact form. It is a plain HTML form posting to the page's own action, so it works without
// JavaScript; with JavaScript the form helper (app/components/ui/use-form.ts) checks the fields with
// the same schema first and shows translated errors, and a valid form goes on to the action. A
// signed-in member's form goes to the API instead: only the browser holds the token, and with it the
// server mails the member a confirmation (lib/contact-inbox.server.ts), which the success panel then names.
import { useEffect, useRef, useState, type FormEvent } from "react";
import { Form, useLocation, useNavigate, useNavigation, useSearchParams } from "react-router";
import { api, ApiRequestError } from "~/app/api/api.client";
import { ContactSchema, CONTACT_FIELDS, CONTACT_LIMITS, DEFAULT_CONTACT_SERVICE, HONEYPOT_FIELD, type ContactField, type ContactServiceId } from "~/lib/contracts/contact";
import { contactMessages } from "~/content/messages/contact";
import type { ContactContent } from "~/content/types";
import { format } from "~/lib/i18n/format";
import { localePath } from "~/lib/i18n/paths";
import { SENDS_AS_MEMBER_ATTRIBUTE } from "~/app/page-helpers/early-clicks";
import { useAuth } from "./auth-provider";
import { CheckIcon } from "./icons";
import { useLanguage, useMessages } from "./language-provider";
import { LocalizedLink } from "./localized-link";
import { focusFirstInvalid, schemaProblem, useForm, type FormValues } from "./ui/use-form";

export type ContactFormValues = Partial<Record<ContactField, string>>;

/** What the page's action answers when a submission is refused (a success redirects instead). */
export interface ContactActionResult {
  ok: false;
  fields?: Record<string, string>;
  formError?: string;
  values: ContactFormValues;
}

/** The success page's history state after a member's message: the address the confirmation went to. */
interface SentState {
  copySentTo?: string;
}

/** A receipt number as receipts print it (lib/contracts/receipt.ts receiptLabel). */
const REFUND_REF = /^R-\d{6,12}$/;

const inputClass =
  "mt-1 block w-full rounded-md border px-3 py-2 text-slate-900 shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30";

export function ContactForm({
  form,
  serviceOptions,
  result,
  sent,
  initialService,
}: {
  /** The service chosen by the link that led here (`/contact?service=`). */
  initialService?: ContactServiceId;
  form: ContactContent["form"];
  serviceOptions: ContactContent["serviceOptions"];
  result: ContactActionResult | undefined;
  sent: boolean;
}) {
  const t = useMessages(contactMessages);
  const { lang } = useLanguage();
  const navigation = useNavigation();
  const navigate = useNavigate();
  const location = useLocation();
  const auth = useAuth();
  const [hydrated, setHydrated] = useState(false);
  // A member's refusal from the API, shown as the action's would be.
  const [memberResult, setMemberResult] = useState<ContactActionResult>();
  const shown = memberResult ?? result;

  /** A signed-in member's message: through the API with the token; success lands on ?sent=1 like the action's. */
  const sendAsMember = async (values: FormValues) => {
    setMemberResult(undefined);
    try {
      const answer = await api("POST /contact", {
        body: {
          name: values.name ?? "",
          email: values.email ?? "",
          company: values.company,
          subject: values.subject ?? "",
          message: values.message ?? "",
          service: values.service as ContactServiceId,
          [HONEYPOT_FIELD]: values[HONEYPOT_FIELD],
        },
        token: auth.token,
        lang,
      });
      const state: SentState = answer.acknowledged ? { copySentTo: values.email } : {};
      await navigate(`${localePath(lang, "/contact")}?sent=1`, { preventScrollReset: true, state });
    } catch (error) {
      const refusal = error instanceof ApiRequestError && error.status !== 0 ? error : null;
      const fields = refusal?.fields ?? {};
      const keep = Object.fromEntries(CONTACT_FIELDS.map((name) => [name, values[name] ?? ""]));
      // Field errors speak for themselves (the line above says to fix them), as the action's do.
      setMemberResult({ ok: false, fields, formError: Object.keys(fields).length ? undefined : refusal?.message || t.failed, values: keep });
    }
  };
  // Only the honeypot "wrong": the server refuses it with its own message.
  const { errors: clientErrors, setErrors: setClientErrors, onSubmit, pending } = useForm({
    validate: (values) => schemaProblem(ContactSchema, values, lang, { ignore: [HONEYPOT_FIELD] }),
    submit: auth.token ? sendAsMember : undefined,
    focusOrder: CONTACT_FIELDS,
  });
  const submitting = pending || (navigation.state === "submitting" && navigation.formMethod?.toUpperCase() === "POST");
  const hasClientErrors = Object.keys(clientErrors).length > 0;
  const formRef = useRef<HTMLFormElement>(null);
  const successRef = useRef<HTMLHeadingElement>(null);
  // Sent before the page knew who is signed in (a hydrated page reads the session a moment later, and
  // a form kept before hydration is sent at once, app/page-helpers/early-clicks.ts): it goes once that
  // is known, as the member's if one is, never as an anonymous post in the meantime.
  const sendWhenSignInKnown = useRef(false);
  const onFormSubmit = (event: FormEvent<HTMLFormElement>) => {
    // The busy button is aria-disabled, not disabled (a disabled button drops the keyboard's focus to
    // the page's body), so a second Enter still submits: a visitor's post through the router would
    // start again, so the form ignores it here.
    if (submitting) return event.preventDefault();
    if (auth.ready) return onSubmit(event);
    event.preventDefault();
    sendWhenSignInKnown.current = true;
  };
  useEffect(() => {
    if (!auth.ready || !sendWhenSignInKnown.current) return;
    sendWhenSignInKnown.current = false;
    formRef.current?.requestSubmit();
  }, [auth.ready]);
  // After hydration only: the history state survives a reload, the server's page never has it.
  const copySentTo = hydrated ? (location.state as SentState | null)?.copySentTo : undefined;

  useEffect(() => setHydrated(true), []);
  // An answer of the action (an anonymous submission) replaces a member's earlier refusal.
  useEffect(() => setMemberResult(undefined), [result]);
  // Filled in the browser, so the page the server caches stays one for everyone: a signed-in member's
  // name and address, and a receipt's refund request (`?refund=R-000042`, from its "Request a refund").
  // Only empty fields, so nothing typed (or sent back by the action) is overwritten.
  const [searchParams] = useSearchParams();
  const refund = REFUND_REF.exec(searchParams.get("refund") ?? "")?.[0];
  useEffect(() => {
    const fields = formRef.current?.elements;
    if (!fields) return;
    const fill = (name: ContactField, value: string | undefined) => {
      const control = fields.namedItem(name) as HTMLInputElement | HTMLTextAreaElement | null;
      if (control && !control.value && value) control.value = value;
    };
    fill("name", auth.user?.name);
    fill("email", auth.user?.email);
    if (refund) {
      fill("subject", format(t.refundSubject, { number: refund }));
      fill("message", format(t.refundMessage, { number: refund }));
    }
    // Again when "Send Another Message" brings a new, empty form back.
  }, [auth.user, refund, t, sent]);
  // A new answer from the server replaces the browser's own findings.
  useEffect(() => setClientErrors({}), [shown, setClientErrors]);
  useEffect(() => {
    if (sent) successRef.current?.focus();
  }, [sent]);
  useEffect(() => {
    if (!shown?.fields) return;
    focusFirstInvalid(formRef.current, shown.fields, CONTACT_FIELDS);
  }, [shown]);

  if (sent) {
    return (
      <div role="status" className="rounded-lg border border-accent-500 bg-white p-8 text-center shadow-sm" data-testid="contact-success">
        <span className="mx-auto flex h-12 w-12 items-center justify-center rounded-full bg-accent-600 text-white">
          <CheckIcon width={28} height={28} />
        </span>
        <h2 ref={successRef} tabIndex={-1} className="mt-4 text-2xl font-bold text-slate-900">
          {form.successTitle}
        </h2>
        <p className="mt-2 text-slate-700">{form.successText}</p>
        {copySentTo && (
          <p className="mt-2 break-words text-slate-700" data-testid="contact-copy-sent">
            {format(t.copySent, { email: copySentTo })}
          </p>
        )}
        <LocalizedLink
          to="/contact"
          preventScrollReset
          className="mt-6 inline-block rounded-md bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700"
          data-testid="contact-send-another"
        >
          {form.sendAnother}
        </LocalizedLink>
      </div>
    );
  }

  const errors = hasClientErrors ? clientErrors : (shown?.fields ?? {});
  const values = shown?.values ?? {};
  const hasErrors = Object.keys(errors).length > 0;

  const field = (name: ContactField) => ({
    id: `contact-${name}`,
    name,
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": errors[name] ? `contact-${name}-error` : undefined,
  });
  const fieldError = (name: ContactField) =>
    errors[name] ? (
      <p id={`contact-${name}-error`} className="mt-1 text-sm text-red-700" data-testid={`contact-${name}-error`}>
        {errors[name]}
      </p>
    ) : null;
  const label = (name: ContactField, text: string, required: boolean) => (
    <label htmlFor={`contact-${name}`} className="block text-sm font-medium text-slate-900">
      {text}
      {required ? (
        <span className="text-red-700" aria-hidden>
          {" "}
          *
        </span>
      ) : (
        <span className="font-normal text-slate-600"> {t.optional}</span>
      )}
    </label>
  );
  const border = (name: ContactField) => (errors[name] ? "border-red-600" : "border-slate-300");

  return (
    <Form
      ref={formRef}
      method="post"
      preventScrollReset
      noValidate={hydrated}
      onSubmit={onFormSubmit}
      {...{ [SENDS_AS_MEMBER_ATTRIBUTE]: "" }}
      className="space-y-5"
      aria-labelledby="contact-form-title"
      data-testid="contact-form"
    >
      <h2 id="contact-form-title" className="text-2xl font-bold text-slate-900">
        {form.title}
      </h2>
      {(shown?.formError || hasErrors) && (
        <div role="alert" className="rounded-md border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-800" data-testid="contact-form-error">
          {shown?.formError && !hasClientErrors ? shown.formError : t.fixErrors}
        </div>
      )}
      <div className="grid gap-5 sm:grid-cols-2">
        <div>
          {label("name", form.name, true)}
          <input
            {...field("name")}
            type="text"
            required
            maxLength={CONTACT_LIMITS.name}
            autoComplete="name"
            defaultValue={values.name}
            className={`${inputClass} ${border("name")}`}
          />
          {fieldError("name")}
        </div>
        <div>
          {label("email", form.email, true)}
          <input
            {...field("email")}
            type="email"
            required
            maxLength={CONTACT_LIMITS.email}
            autoComplete="email"
            defaultValue={values.email}
            className={`${inputClass} ${border("email")}`}
          />
          {fieldError("email")}
        </div>
        <div>
          {label("company", form.company, false)}
          <input
            {...field("company")}
            type="text"
            maxLength={CONTACT_LIMITS.company}
            autoComplete="organization"
            defaultValue={values.company}
            className={`${inputClass} ${border("company")}`}
          />
          {fieldError("company")}
        </div>
        <div>
          {label("service", form.service, true)}
          <select
            {...field("service")}
            required
            defaultValue={values.service ?? initialService ?? DEFAULT_CONTACT_SERVICE}
            className={`${inputClass} ${border("service")} h-[2.625rem] bg-white`}
          >
            {serviceOptions.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
          {fieldError("service")}
        </div>
      </div>
      <div>
        {label("subject", form.subject, true)}
        <input
          {...field("subject")}
          type="text"
          required
          maxLength={CONTACT_LIMITS.subject}
          defaultValue={values.subject}
          className={`${inputClass} ${border("subject")}`}
        />
        {fieldError("subject")}
      </div>
      <div>
        {label("message", form.message, true)}
        <textarea
          {...field("message")}
          rows={6}
          required
          maxLength={CONTACT_LIMITS.message}
          defaultValue={values.message}
          className={`${inputClass} ${border("message")}`}
        />
        {fieldError("message")}
      </div>
      {/* The honeypot: off screen and out of the tab order; people leave it empty, bots fill it. */}
      <div aria-hidden="true" className="absolute -left-[10000px] top-auto h-px w-px overflow-hidden">
        <label htmlFor={`contact-${HONEYPOT_FIELD}`}>{t.honeypot}</label>
        <input id={`contact-${HONEYPOT_FIELD}`} name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>
      <button
        type="submit"
        aria-disabled={submitting}
        className="w-full rounded-md bg-brand-600 px-5 py-3 font-semibold text-white hover:bg-brand-700 aria-disabled:cursor-not-allowed aria-disabled:bg-slate-500 sm:w-auto"
        data-testid="contact-submit"
      >
        {submitting ? form.sending : form.submit}
      </button>
    </Form>
  );
}
