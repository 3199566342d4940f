import { robotsTxt, siteOrigin } from "../../lib/sitemap";
import type { Route } from "./+types/robots";

export function loader({ request, context }: Route.LoaderArgs) {
  return new Response(robotsTxt(siteOrigin(context.services.env.SITE_URL, request.url)), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
