// The optional language segment: "/about" is English, "/ja/about" Japanese, "/zh/about" Chinese.
// Any other first segment that reaches here is not a page.
import { data, Outlet } from "react-router";
import { isLang } from "~/lib/i18n/languages";
import { revalidateUnlessQueryOnly } from "~/app/page-helpers/seo";
import type { Route } from "./+types/locale-layout";

export function loader({ params }: Route.LoaderArgs) {
  if (params.lang !== undefined && (!isLang(params.lang) || params.lang === "en")) {
    throw data(null, { status: 404 });
  }
  return null;
}

// Reads the language (and configuration) only: a change of query alone needs no data request.
export const shouldRevalidate = revalidateUnlessQueryOnly;

export default function LocaleLayout() {
  return <Outlet />;
}
