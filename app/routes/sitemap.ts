import { sitemapXml } from "~/app/page-helpers/sitemap";
import type { Route } from "./+types/sitemap";

export function loader({ context }: Route.LoaderArgs) {
  return new Response(sitemapXml(context.appContext.site.origin), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
