// The home page's hero: the promise, two calls to action (book a consultation on the contact page
// with the consultation preselected; ask the assistant on the Tax Consultation page) and, beside
// them, a composed product shot of the assistant answering a real question from the knowledge base.
// Markup and CSS only: no JavaScript of its own, the same HTML for every visitor.
import type { HomeContent } from "~/content/types";
import { LocalizedLink } from "./localized-link";

function ProductShot({ showcase }: { showcase: HomeContent["hero"]["showcase"] }) {
  return (
    // A picture of the product: its words are examples, so assistive technology skips it (the two
    // links beside it say what to do).
    <div aria-hidden="true" className="relative mx-auto w-full max-w-md lg:mx-0" data-testid="hero-visual">
      {/* Meridians and parallels behind the shot: an atlas, drawn (a static SVG, no JavaScript). */}
      <div className="pointer-events-none absolute -right-10 -top-10 h-[26rem] w-[26rem] bg-[url(/images/atlas-lines.svg)] bg-contain bg-no-repeat" />
      <div className="relative overflow-hidden rounded-xl bg-white text-left text-slate-900 shadow-2xl ring-1 ring-black/5">
        <div className="flex items-center gap-2 border-b border-slate-100 bg-slate-50 px-4 py-2.5">
          <span className="h-2.5 w-2.5 rounded-full bg-slate-300" />
          <span className="h-2.5 w-2.5 rounded-full bg-slate-300" />
          <span className="h-2.5 w-2.5 rounded-full bg-slate-300" />
          <span className="ml-2 text-xs font-semibold tracking-wide text-slate-600">{showcase.label}</span>
        </div>
        <div className="space-y-4 p-5">
          <p className="ml-auto max-w-[85%] rounded-2xl rounded-br-sm bg-brand-600 px-4 py-2.5 text-sm leading-relaxed text-pretty text-white">
            {showcase.question}
          </p>
          <div className="max-w-[92%] rounded-2xl rounded-bl-sm border border-slate-200 bg-white px-4 py-3 text-sm leading-relaxed text-pretty text-slate-700">
            <p>
              {showcase.answer}
              <sup className="ml-0.5 font-semibold text-brand-700">[1]</sup>
            </p>
            <div className="mt-3 border-t border-slate-100 pt-2 text-xs text-slate-600">
              <span className="font-semibold text-slate-700">{showcase.sourcesLabel}</span>
              <span className="ml-2 inline-flex items-center gap-1 rounded bg-brand-50 px-1.5 py-0.5 text-brand-800">
                [1] {showcase.source}
              </span>
            </div>
          </div>
          <div className="flex flex-wrap items-center justify-between gap-2 text-xs text-slate-600">
            <span className="inline-flex items-center gap-1.5">
              <svg viewBox="0 0 16 16" className="h-3.5 w-3.5 text-accent-600" fill="none" stroke="currentColor" strokeWidth="2">
                <path d="m3.5 8.5 3 3 6-7" strokeLinecap="round" strokeLinejoin="round" />
              </svg>
              {showcase.reviewed}
            </span>
            <span className="rounded-full bg-slate-100 px-2 py-0.5 font-semibold text-slate-700">{showcase.cost}</span>
          </div>
        </div>
      </div>
    </div>
  );
}

export function HomeHero({ hero }: { hero: HomeContent["hero"] }) {
  return (
    <section className="overflow-hidden bg-gradient-to-br from-brand-900 via-brand-800 to-accent-600 text-white">
      <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 py-16 sm:px-6 md:py-24 lg:grid-cols-[minmax(0,1.1fr)_minmax(0,1fr)]">
        <div>
          <h1 className="max-w-3xl text-4xl font-bold tracking-tight md:text-5xl">{hero.title}</h1>
          <p className="mt-6 max-w-2xl text-lg text-blue-100">{hero.subtitle}</p>
          <div className="mt-10 flex flex-wrap gap-3">
            <LocalizedLink
              to="/contact?service=consulting"
              className="inline-block rounded-md bg-white px-6 py-3 font-semibold text-brand-800 shadow hover:bg-blue-50"
              data-testid="hero-cta"
            >
              {hero.consult}
            </LocalizedLink>
            <LocalizedLink
              to="/services/tax-consultation#assistant"
              className="inline-block rounded-md border border-white/70 px-6 py-3 font-semibold text-white hover:bg-white/10"
              data-testid="hero-ask"
            >
              {hero.ask}
            </LocalizedLink>
          </div>
          <p className="mt-6 text-sm text-blue-100">
            {hero.signupPrompt}{" "}
            <LocalizedLink to="/signup" className="font-semibold text-white underline underline-offset-4 hover:no-underline" data-testid="hero-signup">
              {hero.cta}
            </LocalizedLink>
          </p>
        </div>
        <ProductShot showcase={hero.showcase} />
      </div>
    </section>
  );
}
