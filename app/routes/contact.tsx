import { data, redirect, useActionData, useLoaderData } from "react-router";
import { parseContact, readFormBody, submitContact } from "~/lib/contact-inbox.server";
import { ApiError, COMMON_ERRORS, concurrentChange } from "~/lib/http/api-error";
import { isConcurrentChange } from "~/lib/database-errors";
import { localePath } from "~/lib/i18n/paths";
import { localizedContent, pageLang } from "~/app/page-helpers/page-loader.server";
import { CONTACT_FIELDS, CONTACT_SERVICES, type ContactServiceId } from "~/lib/contracts/contact";
import type { ServiceSlug } from "~/lib/service-catalog";
import { contentPageMeta, PUBLIC_PAGE_CACHE_CONTROL, queryKeyedPage } from "~/app/page-helpers/seo";
import { ContactForm, type ContactActionResult, type ContactFormValues } from "~/app/components/contact-form";
import { ContentNotAvailable } from "~/app/components/content-not-available";
import { FirmDetails } from "~/app/components/firm-details";
import { MailIcon, MapPinIcon, PhoneIcon } from "~/app/components/icons";
import { useMessages } from "~/app/components/language-provider";
import { PageHero } from "~/app/components/page-hero";
import { contact } from "~/content/contact";
import { contactMessages } from "~/content/messages/contact";
import type { Route } from "./+types/contact";

/** A service page's slug as the contact form's service (links from service pages and the home hero). */
const SERVICE_OF_PAGE: Record<ServiceSlug, ContactServiceId> = {
  "tax-consultation": "consulting",
  "technology-solutions": "technology",
  "security-services": "security",
  "custom-software-development": "web",
};

/** `?service=` as a form option: a contact service id or a service page slug; anything else is ignored. */
function preselectedService(value: string | null): ContactServiceId | undefined {
  if (!value) return undefined;
  if ((CONTACT_SERVICES as readonly string[]).includes(value)) return value as ContactServiceId;
  return SERVICE_OF_PAGE[value as ServiceSlug];
}

export function loader({ params, context, request }: Route.LoaderArgs) {
  const lang = pageLang(params);
  const query = new URL(request.url).searchParams;
  // After a successful submission the action redirects here (post/redirect/get), so reloading the
  // page never sends the message twice.
  const sent = query.get("sent") === "1";
  const service = preselectedService(query.get("service"));
  return { lang, content: localizedContent(context.appContext, contact, lang), sent, service };
}

export async function action({ params, context, request }: Route.ActionArgs) {
  const lang = pageLang(params);
  const noStore = { "Cache-Control": "no-store" };
  const form = await readFormBody(request);
  if (form === "too_large" || form === null) {
    const text = form === "too_large" ? COMMON_ERRORS.tooLarge : COMMON_ERRORS.validation;
    return data<ContactActionResult>(
      { ok: false, formError: text[lang], values: {} },
      { status: form === "too_large" ? 413 : 400, headers: noStore },
    );
  }
  const raw = Object.fromEntries([...form.entries()].filter((entry): entry is [string, string] => typeof entry[1] === "string"));
  const values: ContactFormValues = Object.fromEntries(
    CONTACT_FIELDS.filter((name) => typeof raw[name] === "string").map((name) => [name, raw[name]!.slice(0, 10_000)]),
  );
  const parsed = parseContact(raw, lang);
  if (!parsed.ok) {
    return data<ContactActionResult>({ ok: false, fields: parsed.fields, values }, { status: 400, headers: noStore });
  }
  try {
    await submitContact(context.appContext, parsed.data, { ip: context.clientIp ?? "unknown", lang });
  } catch (error) {
    // A deadlock is answered as the API answers it (server/app.ts), not with the 500 page.
    const refusal = error instanceof ApiError ? error : isConcurrentChange(error) ? concurrentChange() : null;
    if (!refusal) throw error;
    return data<ContactActionResult>(
      { ok: false, formError: refusal.messageIn(lang), values },
      { status: refusal.status, headers: { ...noStore, ...(refusal.headers ?? {}) } },
    );
  }
  return redirect(`${localePath(lang, "/contact")}?sent=1`, { headers: noStore });
}

/** The loader reads ?sent=1 and a known ?service= alone: any other query is the bare page's entry. */
export const handle = queryKeyedPage({ sent: ["1"], service: [...CONTACT_SERVICES, ...Object.keys(SERVICE_OF_PAGE)] });

export const headers: Route.HeadersFunction = ({ actionHeaders }) => {
  // Answers to a form submission are never cached; the page itself is public.
  const headers = new Headers({ "Cache-Control": actionHeaders.get("Cache-Control") ?? PUBLIC_PAGE_CACHE_CONTROL });
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
};

export const meta: Route.MetaFunction = (args) => contentPageMeta(args, "/contact");

export default function Contact() {
  const { content, sent, service } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const t = useMessages(contactMessages);
  if (!content) return <ContentNotAvailable />;
  const info = content.contactInfo;
  const cards = [
    { key: "email", icon: MailIcon, ...info.email, href: info.email.details ? `mailto:${info.email.details}` : undefined },
    { key: "phone", icon: PhoneIcon, ...info.phone, href: info.phone.details ? `tel:${info.phone.details.replace(/[^+\d]/g, "")}` : undefined },
    { key: "address", icon: MapPinIcon, ...info.address, href: undefined },
  ].filter((card) => card.details.trim() !== "");

  return (
    <>
      <PageHero title={content.title} subtitle={content.subtitle} />
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 lg:grid-cols-3">
        <div className="space-y-6" aria-label={t.contactDetails} role="region">
          {cards.map(({ key, icon: Icon, title, details, description, href }) => (
            <section key={key} className="flex gap-4 rounded-lg border border-slate-200 bg-white p-5 shadow-sm" data-testid={`contact-card-${key}`}>
              <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
                <Icon />
              </span>
              <div className="min-w-0">
                <h2 className="font-semibold text-slate-900">{title}</h2>
                {href ? (
                  <a href={href} className="break-words font-medium text-brand-700 hover:underline">
                    {details}
                  </a>
                ) : (
                  <p className="break-words font-medium text-slate-800">{details}</p>
                )}
                <p className="mt-1 text-sm text-slate-600">{description}</p>
              </div>
            </section>
          ))}
          <section id="business-hours" className="scroll-mt-24 rounded-lg border border-slate-200 bg-white p-5 shadow-sm" data-testid="business-hours">
            <h2 className="font-semibold text-slate-900">{content.businessHours.title}</h2>
            <dl className="mt-3 space-y-2 text-sm">
              {content.businessHours.days.map((day) => (
                <div key={day.name} className="flex justify-between gap-4">
                  <dt className="text-slate-700">{day.name}</dt>
                  <dd className="font-medium text-slate-900">{day.hours}</dd>
                </div>
              ))}
            </dl>
          </section>
          <section className="rounded-lg bg-brand-50 p-5">
            <h2 className="font-semibold text-slate-900">{content.websiteInfo.name}</h2>
            <p className="mt-1 text-sm text-slate-700">{content.websiteInfo.slogan}</p>
          </section>
          <FirmDetails withContact={false} className="bg-white" />
        </div>
        <div className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm sm:p-8 lg:col-span-2">
          <ContactForm form={content.form} serviceOptions={content.serviceOptions} result={result} sent={sent} initialService={service} />
        </div>
      </div>
    </>
  );
}
