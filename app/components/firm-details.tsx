// Who provides the service: the legal name (COMPANY_LEGAL_NAME, else the site name) with the contact
// details that are configured; an unset detail is left out rather than shown empty.
import type { ReactNode } from "react";
import { useRouteLoaderData } from "react-router";
import { format } from "~/lib/i18n/format";
import type { RootData } from "~/app/page-helpers/root-data";
import { useCommonMessages } from "./root-messages";

/** `withContact={false}` where the page shows the contact details itself (the contact page). */
export function FirmDetails({
  headingLevel = 2,
  className = "",
  withContact = true,
}: {
  headingLevel?: 2 | 3;
  className?: string;
  withContact?: boolean;
}) {
  const root = useRouteLoaderData<RootData>("root");
  const t = useCommonMessages().firm;
  if (!root) return null;
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const { email, phone, address } = root.contact;
  const rows = (
    withContact
      ? [
          email && {
            term: t.email,
            value: (
              <a href={`mailto:${email}`} className="font-medium text-brand-700 underline-offset-2 hover:underline">
                {email}
              </a>
            ),
          },
          phone && {
            term: t.phone,
            value: (
              <a href={`tel:${phone.replace(/[^+\d]/g, "")}`} className="font-medium text-brand-700 underline-offset-2 hover:underline">
                {phone}
              </a>
            ),
          },
          address && { term: t.address, value: address },
        ]
      : []
  ).filter(Boolean) as { term: string; value: ReactNode }[];
  return (
    <section
      className={`rounded-lg border border-slate-200 p-5 ${className}`}
      aria-labelledby="firm-details"
      data-testid="firm-details"
    >
      <Heading id="firm-details" className="font-semibold text-slate-900">
        {t.title}
      </Heading>
      {/* Without COMPANY_LEGAL_NAME the legal name is the site's own: "X is operated by X" says nothing. */}
      {root.legalName !== root.siteName && (
        <p className="mt-2 text-slate-700">{format(t.operatedBy, { siteName: root.siteName, legalName: root.legalName })}</p>
      )}
      <address className="mt-3 not-italic">
        <p className="font-semibold text-slate-900" data-testid="firm-legal-name">
          {root.legalName}
        </p>
        {rows.length > 0 && (
          <dl className="mt-2 space-y-1 text-sm">
            {rows.map((row) => (
              <div key={row.term} className="flex flex-wrap gap-x-2">
                <dt className="text-slate-600">{row.term}:</dt>
                <dd className="break-words text-slate-800">{row.value}</dd>
              </div>
            ))}
          </dl>
        )}
      </address>
    </section>
  );
}
