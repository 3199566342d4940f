import { common } from "../content/messages/common";
import { useMessages } from "./language-provider";

/** The final fallback of spec §4 when a page has no content in any language. */
export function ContentNotAvailable() {
  const t = useMessages(common);
  return (
    <p className="mx-auto max-w-3xl px-4 py-24 text-center text-lg text-slate-600" data-testid="content-not-available">
      {t.contentNotAvailable}
    </p>
  );
}
