// /privacy, /terms and /cookies (one module, three route ids in app/routes.ts).
import { data, useLoaderData } from "react-router";
import { splitLangPath } from "~/lib/i18n/paths";
import { localizedContent, pageLang } from "~/app/page-helpers/page-loader.server";
import { contentPageMeta, PUBLIC_PAGE_CACHE_CONTROL, QUERY_INDEPENDENT_PAGE } from "~/app/page-helpers/seo";
import { ConsentPanel } from "~/app/components/consent-panel";
import { ContentNotAvailable } from "~/app/components/content-not-available";
import { FirmDetails } from "~/app/components/firm-details";
import { TextPageView } from "~/app/components/text-page";
import { cookies, privacy, terms } from "~/content/legal";
import type { Route } from "./+types/legal-page";

const PAGES = { privacy, terms, cookies } as const;
type LegalPage = keyof typeof PAGES;

const isLegalPage = (value: string): value is LegalPage => Object.prototype.hasOwnProperty.call(PAGES, value);

export function loader({ params, context, request }: Route.LoaderArgs) {
  const lang = pageLang(params);
  // The route id equals the path's last segment: "privacy", "terms" or "cookies".
  const page = splitLangPath(new URL(request.url).pathname).path.replace(/^\/|\/$/g, "");
  if (!isLegalPage(page)) throw data(null, { status: 404 });
  return { lang, page, content: localizedContent(context.appContext, PAGES[page], lang) };
}

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": PUBLIC_PAGE_CACHE_CONTROL });
export const handle = QUERY_INDEPENDENT_PAGE;

export const meta: Route.MetaFunction = (args) => contentPageMeta(args, (data) => `/${data.page}`);

export default function LegalPageRoute() {
  const { content, page } = useLoaderData<typeof loader>();
  if (!content) return <ContentNotAvailable />;
  return (
    <TextPageView page={content}>
      {page === "cookies" && <ConsentPanel variant="cookies" />}
      {page === "terms" && <FirmDetails className="mt-10 bg-slate-50" />}
      {page === "terms" && <ConsentPanel variant="terms" />}
    </TextPageView>
  );
}
