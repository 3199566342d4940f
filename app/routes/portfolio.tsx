import { useLoaderData } from "react-router";
import { localizedContent, pageLang } from "~/app/page-helpers/page-loader.server";
import { contentPageMeta, PUBLIC_PAGE_CACHE_CONTROL, queryKeyedPage, revalidateUnlessQueryOnly } from "~/app/page-helpers/seo";
import { ContactPrompt } from "~/app/components/contact-prompt";
import { ContentNotAvailable } from "~/app/components/content-not-available";
import { PageHero } from "~/app/components/page-hero";
import { PortfolioGallery } from "~/app/components/portfolio-gallery";
import { portfolio } from "~/content/portfolio";
import { PORTFOLIO_CATEGORIES } from "~/lib/portfolio";
import type { Route } from "./+types/portfolio";

export function loader({ params, context }: Route.LoaderArgs) {
  const lang = pageLang(params);
  return { lang, content: localizedContent(context.appContext, portfolio, lang) };
}

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": PUBLIC_PAGE_CACHE_CONTROL });
// The page renders ?category= (the filter form); the loader does not read it.
export const handle = queryKeyedPage({ category: PORTFOLIO_CATEGORIES });
export const shouldRevalidate = revalidateUnlessQueryOnly;

export const meta: Route.MetaFunction = (args) => contentPageMeta(args, "/portfolio");

export default function Portfolio() {
  const { content } = useLoaderData<typeof loader>();
  if (!content) return <ContentNotAvailable />;
  return (
    <>
      <PageHero title={content.title} subtitle={content.subtitle} />
      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6">
        <PortfolioGallery projects={content.projects} />
      </div>
      <ContactPrompt />
    </>
  );
}
