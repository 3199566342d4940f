// One of the four service pages (/services/{slug}): intro text, five example questions and the AI
// tax assistant. The text is public and indexable; asking needs sign-in (checked in the browser and
// by the API). The old slugs of the spec's home cards are answered with a 301 in server/app.ts.
import { data, useLoaderData, useRouteLoaderData } from "react-router";
import { langTag } from "~/lib/i18n/languages";
import { localePath } from "~/lib/i18n/paths";
import { localizedContent, pageLang } from "~/app/page-helpers/page-loader.server";
import { rootDataFrom, type RootData } from "~/app/page-helpers/root-data";
import { PUBLIC_PAGE_CACHE_CONTROL, contentPage, seoMeta } from "~/app/page-helpers/seo";
import { isServiceSlug } from "~/lib/service-catalog";
import { AskAssistant } from "~/app/components/ask-assistant";
import { ContactPrompt } from "~/app/components/contact-prompt";
import { DetailHero } from "~/app/components/detail-hero";
import { ContentNotAvailable } from "~/app/components/content-not-available";
import { useMessages } from "~/app/components/language-provider";
import { ai as aiMessages } from "~/content/messages/ai";
import { common } from "~/content/messages/common";
import { services } from "~/content/services";
import type { Route } from "./+types/service";

export function loader({ params, context }: Route.LoaderArgs) {
  const lang = pageLang(params);
  const slug = params.slug;
  if (!isServiceSlug(slug)) throw data(null, { status: 404 });
  const content = localizedContent(context.appContext, services, lang)?.[slug] ?? null;
  return { lang, slug, content };
}

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": PUBLIC_PAGE_CACHE_CONTROL });
export const handle = contentPage((params) => isServiceSlug(params.slug));

export const meta: Route.MetaFunction = ({ data: loaderData, matches }) => {
  const root = rootDataFrom(matches);
  if (!loaderData?.content || !root) return [];
  const { lang, slug, content } = loaderData;
  const nav = common[lang].nav;
  const path = `/services/${slug}`;
  const url = root.origin + localePath(lang, path);
  return seoMeta({
    lang,
    path,
    title: content.seo.title,
    description: content.seo.description,
    siteName: root.siteName,
    origin: root.origin,
    common: root.messages.common,
    jsonLd: [
      {
        "@context": "https://schema.org",
        "@type": "BreadcrumbList",
        itemListElement: [
          { "@type": "ListItem", position: 1, name: nav.home, item: root.origin + localePath(lang, "/") },
          { "@type": "ListItem", position: 2, name: nav.services, item: root.origin + localePath(lang, "/services") },
          { "@type": "ListItem", position: 3, name: content.title, item: url },
        ],
      },
      {
        "@context": "https://schema.org",
        "@type": "Service",
        name: content.title,
        description: content.seo.description,
        url,
        inLanguage: langTag(lang),
        provider: { "@type": "Organization", name: root.siteName, url: root.origin + "/" },
      },
    ],
  });
};

export default function ServicePage() {
  const { slug, content } = useLoaderData<typeof loader>();
  const root = useRouteLoaderData<RootData>("root");
  const nav = useMessages(common).nav;
  const t = useMessages(aiMessages);
  if (!content) return <ContentNotAvailable />;
  return (
    <>
      <DetailHero
        breadcrumbs={{
          label: t.breadcrumb,
          trail: [
            { to: "/", text: nav.home },
            { to: "/services", text: nav.services },
          ],
          current: content.title,
        }}
        title={content.title}
        summary={content.summary}
      />

      <div className="mx-auto max-w-5xl px-4 py-12 sm:px-6">
        <div className="max-w-3xl space-y-4 text-lg leading-relaxed text-slate-700" data-testid="service-intro">
          {content.intro.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </div>
        {/* #assistant: the home hero's "Ask the assistant" lands here. */}
        <div id="assistant" className="mt-10 scroll-mt-24">
          <AskAssistant
            key={slug}
            topic={slug}
            examples={content.exemplaryQuestions}
            configured={root?.ai.configured ?? false}
          />
        </div>
      </div>
      <ContactPrompt />
    </>
  );
}
