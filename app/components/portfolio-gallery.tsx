// /portfolio: category filters, the project cards and the View Details dialog (closes on Escape,
// backdrop click and the close button; keyboard focus stays inside and returns to the card after).
// The filter is a GET form (?category=web): it works before hydration and without JavaScript (the
// server renders the filtered page), the URL can be shared, and after hydration React Router
// submits it in place.
import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import { Form, useSearchParams } from "react-router";
import { portfolioFilter, type PortfolioFilter } from "~/lib/portfolio";
import { PICTURE_SETS } from "~/lib/pictures";
import { format } from "~/lib/i18n/format";
import { portfolioMessages } from "~/content/messages/portfolio";
import type { PortfolioProject } from "~/content/types";
import { CloseIcon } from "./icons";
import { useLanguage, useMessages } from "./language-provider";
import { LocalizedLink } from "./localized-link";

const FILTERS: readonly PortfolioFilter[] = ["all", "web", "technology", "security"];
const VISIBLE_TECHNOLOGIES = 3;
/**
 * How wide a picture is drawn, for the browser's pick from its srcset: a card is the width of the
 * page's column (max-w-7xl less its padding, in one, two or three columns), the dialog at most 42rem.
 */
const CARD_IMAGE_SIZES = "(min-width: 1024px) 390px, (min-width: 640px) 50vw, 100vw";
const DIALOG_IMAGE_SIZES = "(min-width: 44rem) 42rem, calc(100vw - 2rem)";

const linkClass = "text-sm font-semibold text-brand-700 underline-offset-2 hover:underline";

export function PortfolioGallery({ projects }: { projects: PortfolioProject[] }) {
  const t = useMessages(portfolioMessages);
  const { href } = useLanguage();
  const [searchParams] = useSearchParams();
  const filter = portfolioFilter(searchParams.get("category"));
  const [selected, setSelected] = useState<PortfolioProject | null>(null);
  const trigger = useRef<HTMLButtonElement | null>(null);
  const wasOpen = useRef(false);

  const visible = filter === "all" ? projects : projects.filter((p) => p.category === filter);

  useEffect(() => {
    // Focus goes back to the button that opened the dialog.
    if (selected) wasOpen.current = true;
    else if (wasOpen.current) {
      wasOpen.current = false;
      trigger.current?.focus();
    }
  }, [selected]);

  return (
    <>
      <Form method="get" action={href("/portfolio")} preventScrollReset>
        <div role="group" aria-label={t.filterLabel} className="flex flex-wrap justify-center gap-2" data-testid="portfolio-filters">
          {FILTERS.map((f) => (
            <button
              key={f}
              type="submit"
              // "All" sends no category: /portfolio itself.
              name={f === "all" ? undefined : "category"}
              value={f === "all" ? undefined : f}
              aria-pressed={filter === f}
              className={`rounded-full border px-4 py-2 text-sm font-medium ${
                filter === f
                  ? "border-brand-600 bg-brand-600 text-white"
                  : "border-slate-300 bg-white text-slate-700 hover:bg-slate-100"
              }`}
              data-filter={f}
            >
              {t.filters[f]}
            </button>
          ))}
        </div>
      </Form>
      <p role="status" aria-live="polite" className="mt-4 text-center text-sm text-slate-600" data-testid="portfolio-count">
        {format(t.showing, { count: visible.length, total: projects.length })}
      </p>
      <ul className="mt-8 grid gap-8 sm:grid-cols-2 lg:grid-cols-3">
        {visible.map((project, index) => {
          const hidden = project.technologies.length - VISIBLE_TECHNOLOGIES;
          return (
            <li
              key={project.id}
              className="flex flex-col overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm"
              data-testid="project-card"
              data-category={project.category}
            >
              <img
                src={project.image}
                srcSet={project.imageSrcSet}
                sizes={CARD_IMAGE_SIZES}
                alt={project.imageAlt}
                width={PICTURE_SETS.portfolio.width}
                height={PICTURE_SETS.portfolio.height}
                loading={index < 2 ? "eager" : "lazy"}
                fetchPriority={index === 0 ? "high" : "auto"}
                decoding="async"
                className="aspect-[8/5] w-full bg-slate-100 object-cover"
              />
              <div className="flex flex-1 flex-col p-5">
                <div className="flex items-center justify-between gap-2">
                  <span className="rounded-full bg-brand-50 px-3 py-1 text-xs font-semibold text-brand-700" data-testid="project-category">
                    {t.filters[project.category]}
                  </span>
                  <span className="text-sm text-slate-600" data-testid="project-year">
                    <span className="sr-only">{t.year}: </span>
                    {project.year}
                  </span>
                </div>
                <h2 className="mt-3 text-lg font-semibold text-slate-900">{project.title}</h2>
                <p className="line-clamp-2 mt-2 text-slate-600">{project.description}</p>
                <ul className="mt-4 flex flex-wrap gap-2" aria-label={t.technologies} data-testid="project-technologies">
                  {project.technologies.slice(0, VISIBLE_TECHNOLOGIES).map((tech) => (
                    <li key={tech} className="rounded bg-slate-100 px-2 py-1 text-xs font-medium text-slate-700">
                      {tech}
                    </li>
                  ))}
                  {hidden > 0 && (
                    <li className="rounded px-2 py-1 text-xs font-medium text-slate-600" data-testid="project-more">
                      {format(t.more, { count: hidden })}
                    </li>
                  )}
                </ul>
                <div className="mt-auto flex flex-wrap items-center gap-x-4 gap-y-2 pt-5">
                  <button
                    type="button"
                    onClick={(e) => {
                      trigger.current = e.currentTarget;
                      setSelected(project);
                    }}
                    className="rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
                    aria-label={`${t.viewDetails}: ${project.title}`}
                    aria-haspopup="dialog"
                    data-testid="project-details"
                  >
                    {t.viewDetails}
                  </button>
                  <LocalizedLink
                    to={`/portfolio/${project.slug}`}
                    className={linkClass}
                    aria-label={`${t.readCaseStudy}: ${project.title}`}
                    data-testid="project-case-study"
                  >
                    {t.readCaseStudy}
                  </LocalizedLink>
                </div>
              </div>
            </li>
          );
        })}
      </ul>
      {selected && <ProjectDialog project={selected} onClose={() => setSelected(null)} />}
    </>
  );
}

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';

function ProjectDialog({ project, onClose }: { project: PortfolioProject; onClose: () => void }) {
  const t = useMessages(portfolioMessages);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
    closeRef.current?.focus();
    return () => {
      if (dialog?.open) dialog.close();
    };
  }, []);

  // Tab and Shift+Tab cycle through the dialog's own controls only.
  const trapFocus = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== "Tab") return;
    const items = Array.from(event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE));
    if (items.length === 0) return;
    const first = items[0]!;
    const last = items[items.length - 1]!;
    const active = document.activeElement;
    if (event.shiftKey && (active === first || !event.currentTarget.contains(active))) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && (active === last || !event.currentTarget.contains(active))) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <dialog
      ref={dialogRef}
      aria-labelledby="project-dialog-title"
      className="m-auto max-h-[90vh] w-[min(42rem,calc(100%-2rem))] overflow-y-auto rounded-lg p-0 shadow-2xl backdrop:bg-slate-900/60"
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onClick={(e) => {
        // A click on the dialog element itself (not its content) is a click on the backdrop.
        if (e.target === e.currentTarget) onClose();
      }}
      onKeyDown={trapFocus}
      data-testid="project-dialog"
    >
      <div className="relative">
        <img
          src={project.image}
          srcSet={project.imageSrcSet}
          sizes={DIALOG_IMAGE_SIZES}
          alt=""
          width={PICTURE_SETS.portfolio.width}
          height={PICTURE_SETS.portfolio.height}
          className="aspect-[8/5] w-full bg-slate-100 object-cover"
        />
        <button
          ref={closeRef}
          type="button"
          onClick={onClose}
          aria-label={t.close}
          className="absolute right-3 top-3 rounded-full bg-white p-2 text-slate-800 shadow hover:bg-slate-100"
          data-testid="project-dialog-close"
        >
          <CloseIcon />
        </button>
      </div>
      <div className="p-6">
        <span className="rounded-full bg-brand-50 px-3 py-1 text-xs font-semibold text-brand-700">{t.filters[project.category]}</span>
        <h2 id="project-dialog-title" className="mt-3 text-2xl font-bold text-slate-900">
          {project.title}
        </h2>
        <p className="mt-3 leading-relaxed text-slate-700">{project.description}</p>
        <dl className="mt-6 grid gap-4 sm:grid-cols-2">
          <div>
            <dt className="text-sm font-semibold text-slate-900">{t.client}</dt>
            <dd className="mt-1 text-slate-700" data-testid="project-dialog-client">
              {project.client}
            </dd>
          </div>
          <div>
            <dt className="text-sm font-semibold text-slate-900">{t.year}</dt>
            <dd className="mt-1 text-slate-700" data-testid="project-dialog-year">
              {project.year}
            </dd>
          </div>
          <div className="sm:col-span-2">
            <dt className="text-sm font-semibold text-slate-900">{t.technologies}</dt>
            <dd className="mt-2">
              <ul className="flex flex-wrap gap-2" data-testid="project-dialog-technologies">
                {project.technologies.map((tech) => (
                  <li key={tech} className="rounded bg-slate-100 px-2 py-1 text-sm font-medium text-slate-700">
                    {tech}
                  </li>
                ))}
              </ul>
            </dd>
          </div>
        </dl>
        <div className="mt-6 flex flex-wrap gap-4">
          <LocalizedLink to={`/portfolio/${project.slug}`} className={linkClass} data-testid="project-dialog-case-study">
            {t.readCaseStudy}
          </LocalizedLink>
        </div>
      </div>
    </dialog>
  );
}
