// The generic text page: title, subtitle, paragraphs, sections, then the contact prompt.
// Used by /privacy, /terms and /cookies; `children` goes between the sections and the prompt.
import type { ReactNode } from "react";
import type { TextPage } from "~/content/types";
import { ContactPrompt } from "./contact-prompt";

export function TextPageView({ page, children }: { page: TextPage; children?: ReactNode }) {
  return (
    <>
      <article className="mx-auto max-w-3xl px-4 py-12 sm:px-6 md:py-16">
        <header>
          <h1 className="text-3xl font-bold tracking-tight text-slate-900 md:text-4xl">{page.title}</h1>
          {page.subtitle && <p className="mt-3 text-lg text-slate-600">{page.subtitle}</p>}
        </header>
        <div className="mt-8 space-y-4 leading-relaxed text-slate-700">
          {page.content.map((paragraph, i) => (
            <p key={i}>{paragraph}</p>
          ))}
        </div>
        {page.sections.map((section, i) => (
          <section key={i} className="mt-10" aria-labelledby={`section-${i}`}>
            <h2 id={`section-${i}`} className="text-xl font-semibold text-slate-900">
              {section.title}
            </h2>
            <div className="mt-3 space-y-3 leading-relaxed text-slate-700">
              {section.content.map((paragraph, j) => (
                <p key={j}>{paragraph}</p>
              ))}
            </div>
          </section>
        ))}
        {children}
      </article>
      <ContactPrompt />
    </>
  );
}
