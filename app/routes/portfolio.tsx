import { useLoaderData } from "react-router";
import { localizedContent, pageLang } from "../../lib/page-loader.server";
import { contentPageMeta, PUBLIC_PAGE_CACHE_CONTROL } from "../../lib/seo";
import { ContactPrompt } from "../components/contact-prompt";
import { ContentNotAvailable } from "../components/content-not-available";
import { PortfolioGallery } from "../components/portfolio-gallery";
import { portfolio } from "../content/portfolio";
import type { Route } from "./+types/portfolio";

export function loader({ params, context }: Route.LoaderArgs) {
  const lang = pageLang(params);
  return { lang, content: localizedContent(context.services, portfolio, lang) };
}

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": PUBLIC_PAGE_CACHE_CONTROL });

export const meta: Route.MetaFunction = (args) => contentPageMeta(args, "/portfolio");

export default function Portfolio() {
  const { content } = useLoaderData<typeof loader>();
  if (!content) return <ContentNotAvailable />;
  return (
    <>
      <section className="bg-gradient-to-br from-brand-900 to-brand-700 text-white">
        <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
          <h1 className="text-4xl font-bold tracking-tight md:text-5xl">{content.title}</h1>
          <p className="mt-4 max-w-3xl text-lg text-blue-100">{content.subtitle}</p>
        </div>
      </section>
      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6">
        <PortfolioGallery projects={content.projects} />
      </div>
      <ContactPrompt />
    </>
  );
}
