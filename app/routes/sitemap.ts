import { siteOrigin, sitemapXml } from "../../lib/sitemap";
import type { Route } from "./+types/sitemap";

export function loader({ request, context }: Route.LoaderArgs) {
  return new Response(sitemapXml(siteOrigin(context.services.env.SITE_URL, request.url)), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
