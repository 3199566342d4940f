// The blue band of a detail page (a service, a case study): the trail up, an optional line above
// the heading, the heading and the summary. Content pages without a trail use PageHero.
import { Breadcrumbs } from "./breadcrumbs";

export function DetailHero({
  breadcrumbs,
  eyebrow,
  title,
  summary,
}: {
  breadcrumbs: Parameters<typeof Breadcrumbs>[0];
  eyebrow?: React.ReactNode;
  title: string;
  summary: string;
}) {
  return (
    <section className="bg-gradient-to-br from-brand-900 to-brand-700 text-white">
      <div className="mx-auto max-w-5xl px-4 py-14 sm:px-6 md:py-16">
        <Breadcrumbs {...breadcrumbs} />
        {eyebrow && <p className="mt-6 text-sm font-semibold uppercase tracking-wide text-blue-100">{eyebrow}</p>}
        <h1 className={`${eyebrow ? "mt-2" : "mt-4"} text-4xl font-bold tracking-tight md:text-5xl`}>{title}</h1>
        <p className="mt-4 max-w-3xl text-lg text-blue-100">{summary}</p>
      </div>
    </section>
  );
}
