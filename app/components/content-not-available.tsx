import { useCommonMessages } from "./root-messages";

/** The final fallback (docs/product.md › Languages) when a page has no content in any language. */
export function ContentNotAvailable() {
  const t = useCommonMessages();
  return (
    <p className="mx-auto max-w-3xl px-4 py-24 text-center text-lg text-slate-600" data-testid="content-not-available">
      {t.contentNotAvailable}
    </p>
  );
}
