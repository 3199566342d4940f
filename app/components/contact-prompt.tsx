// The footer prompt of generic text pages: a short invitation and a Contact Us button.
import { common } from "~/content/messages/common";
import { useMessages } from "./language-provider";
import { LocalizedLink } from "./localized-link";

export function ContactPrompt() {
  const t = useMessages(common);
  return (
    <section aria-labelledby="contact-prompt-title" className="border-t border-slate-200 bg-brand-50" data-testid="contact-prompt">
      <div className="mx-auto flex max-w-4xl flex-col items-center px-4 py-12 text-center sm:px-6">
        <h2 id="contact-prompt-title" className="text-2xl font-bold text-slate-900">
          {t.contactPrompt.title}
        </h2>
        <p className="mt-2 text-slate-700">{t.contactPrompt.text}</p>
        <LocalizedLink
          to="/contact"
          className="mt-6 inline-block rounded-md bg-brand-600 px-6 py-3 font-semibold text-white hover:bg-brand-700"
        >
          {t.contactPrompt.button}
        </LocalizedLink>
      </div>
    </section>
  );
}
