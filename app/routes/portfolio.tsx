import { useLoaderData } from "react-router";
import { localizedContent, pageLang } from "../../lib/page-loader.server";
import { contentPageMeta, PUBLIC_PAGE_CACHE_CONTROL, QUERY_INDEPENDENT_PAGE } from "../../lib/seo";
import { ContactPrompt } from "../components/contact-prompt";
import { ContentNotAvailable } from "../components/content-not-available";
import { PageHero } from "../components/page-hero";
import { PortfolioGallery } from "../components/portfolio-gallery";
import { portfolio } from "../content/portfolio";
import type { Route } from "./+types/portfolio";

export function loader({ params, context }: Route.LoaderArgs) {
  const lang = pageLang(params);
  return { lang, content: localizedContent(context.services, portfolio, lang) };
}

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": PUBLIC_PAGE_CACHE_CONTROL });
export const handle = QUERY_INDEPENDENT_PAGE;

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
