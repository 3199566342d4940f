// A portfolio project's case study (/portfolio/<slug>): the client described without its name
// (sector, size, countries), the challenge, our approach, the technologies, the outcome and a call
// to contact us. Public, indexable and listed in the sitemap (app/page-helpers/public-pages.ts).
import { data, useLoaderData } from "react-router";
import { localePath } from "~/lib/i18n/paths";
import { localizedContent, pageLang } from "~/app/page-helpers/page-loader.server";
import { isProjectSlug } from "~/lib/portfolio";
import { rootDataFrom } from "~/app/page-helpers/root-data";
import { PUBLIC_PAGE_CACHE_CONTROL, contentPage, seoMeta } from "~/app/page-helpers/seo";
import { DetailHero } from "~/app/components/detail-hero";
import { ContentNotAvailable } from "~/app/components/content-not-available";
import { useMessages } from "~/app/components/language-provider";
import { LocalizedLink } from "~/app/components/localized-link";
import { common } from "~/content/messages/common";
import { portfolioMessages } from "~/content/messages/portfolio";
import { portfolio } from "~/content/portfolio";
import { services } from "~/content/services";
import type { Route } from "./+types/case-study";

export function loader({ params, context }: Route.LoaderArgs) {
  const lang = pageLang(params);
  const slug = params.project;
  if (!isProjectSlug(slug)) throw data(null, { status: 404 });
  const project = localizedContent(context.appContext, portfolio, lang)?.projects.find((p) => p.slug === slug) ?? null;
  const serviceTitle = project ? (localizedContent(context.appContext, services, lang)?.[project.service].title ?? null) : null;
  return { lang, slug, project, serviceTitle };
}

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": PUBLIC_PAGE_CACHE_CONTROL });
export const handle = contentPage((params) => isProjectSlug(params.project));

export const meta: Route.MetaFunction = ({ data: loaderData, matches }) => {
  const root = rootDataFrom(matches);
  if (!loaderData?.project || !root) return [];
  const { lang, slug, project } = loaderData;
  const nav = common[lang].nav;
  const path = `/portfolio/${slug}`;
  return seoMeta({
    lang,
    path,
    title: project.title,
    titleLabel: portfolioMessages[lang].caseStudy.label,
    description: project.description,
    siteName: root.siteName,
    origin: root.origin,
    common: root.messages.common,
    type: "article",
    jsonLd: [
      {
        "@context": "https://schema.org",
        "@type": "BreadcrumbList",
        itemListElement: [
          { "@type": "ListItem", position: 1, name: nav.home, item: root.origin + localePath(lang, "/") },
          { "@type": "ListItem", position: 2, name: nav.portfolio, item: root.origin + localePath(lang, "/portfolio") },
          { "@type": "ListItem", position: 3, name: project.title, item: root.origin + localePath(lang, path) },
        ],
      },
    ],
  });
};

const sectionTitle = "text-2xl font-bold tracking-tight text-slate-900";

export default function CaseStudyPage() {
  const { project, serviceTitle } = useLoaderData<typeof loader>();
  const nav = useMessages(common).nav;
  const p = useMessages(portfolioMessages);
  const t = p.caseStudy;
  if (!project) return <ContentNotAvailable />;
  const study = project.caseStudy;
  return (
    <>
      <DetailHero
        breadcrumbs={{
          label: t.breadcrumb,
          trail: [
            { to: "/", text: nav.home },
            { to: "/portfolio", text: nav.portfolio },
          ],
          current: project.title,
        }}
        eyebrow={`${t.label} · ${p.filters[project.category]} · ${project.year}`}
        title={project.title}
        summary={project.description}
      />

      <div className="mx-auto grid max-w-5xl gap-12 px-4 py-12 sm:px-6 lg:grid-cols-3">
        <div className="space-y-10 lg:col-span-2">
          <section aria-labelledby="case-challenge">
            <h2 id="case-challenge" className={sectionTitle}>
              {t.challenge}
            </h2>
            <div className="mt-4 space-y-4 text-lg leading-relaxed text-slate-700" data-testid="case-challenge">
              {study.challenge.map((paragraph) => (
                <p key={paragraph}>{paragraph}</p>
              ))}
            </div>
          </section>
          <section aria-labelledby="case-approach">
            <h2 id="case-approach" className={sectionTitle}>
              {t.approach}
            </h2>
            <ol className="mt-4 space-y-3" data-testid="case-approach">
              {study.approach.map((step, index) => (
                <li key={step} className="flex gap-4 leading-relaxed text-slate-700">
                  <span
                    aria-hidden
                    className="flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-brand-50 text-sm font-semibold text-brand-700"
                  >
                    {index + 1}
                  </span>
                  <span data-testid="case-step">{step}</span>
                </li>
              ))}
            </ol>
          </section>
          <section aria-labelledby="case-outcome">
            <h2 id="case-outcome" className={sectionTitle}>
              {t.outcome}
            </h2>
            <ul className="mt-4 space-y-3" data-testid="case-outcome">
              {study.outcome.map((result) => (
                <li key={result} className="border-l-4 border-accent-600 pl-4 leading-relaxed text-slate-800">
                  {result}
                </li>
              ))}
            </ul>
          </section>
        </div>

        <aside className="space-y-6 self-start rounded-lg border border-slate-200 bg-slate-50 p-6" data-testid="case-client">
          <h2 className="text-lg font-semibold text-slate-900">{t.client}</h2>
          <dl className="space-y-4 text-sm">
            {(
              [
                [t.sector, study.sector],
                [t.size, study.size],
                [t.countries, study.countries],
                [p.year, String(project.year)],
              ] as const
            ).map(([term, value]) => (
              <div key={term}>
                <dt className="font-semibold text-slate-900">{term}</dt>
                <dd className="mt-1 text-slate-700">{value}</dd>
              </div>
            ))}
            <div>
              <dt className="font-semibold text-slate-900">{p.technologies}</dt>
              <dd className="mt-2">
                <ul className="flex flex-wrap gap-2" data-testid="case-technologies">
                  {project.technologies.map((tech) => (
                    <li key={tech} className="rounded bg-white px-2 py-1 text-xs font-medium text-slate-700 ring-1 ring-slate-200">
                      {tech}
                    </li>
                  ))}
                </ul>
              </dd>
            </div>
            {serviceTitle && (
              <div>
                <dt className="font-semibold text-slate-900">{t.service}</dt>
                <dd className="mt-1">
                  <LocalizedLink to={`/services/${project.service}`} className="font-medium text-brand-700 underline-offset-2 hover:underline">
                    {serviceTitle}
                  </LocalizedLink>
                </dd>
              </div>
            )}
          </dl>
          <p className="text-xs text-slate-600">{t.anonymous}</p>
        </aside>
      </div>

      <section aria-labelledby="case-cta" className="border-t border-slate-200 bg-brand-50" data-testid="case-cta">
        <div className="mx-auto flex max-w-4xl flex-col items-center px-4 py-12 text-center sm:px-6">
          <h2 id="case-cta" className="text-2xl font-bold text-slate-900">
            {t.ctaTitle}
          </h2>
          <p className="mt-2 text-slate-700">{t.ctaText}</p>
          <LocalizedLink
            to="/contact"
            className="mt-6 inline-block rounded-md bg-brand-600 px-6 py-3 font-semibold text-white hover:bg-brand-700"
            data-testid="case-contact"
          >
            {t.ctaButton}
          </LocalizedLink>
        </div>
      </section>
    </>
  );
}
