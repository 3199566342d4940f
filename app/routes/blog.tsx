import { useLoaderData } from "react-router";
import { format } from "~/lib/i18n/format";
import { formatIsoDate } from "~/lib/i18n/dates";
import { PICTURE_SETS } from "~/lib/pictures";
import { localizedContent, pageLang } from "~/app/page-helpers/page-loader.server";
import { contentPageMeta, PUBLIC_PAGE_CACHE_CONTROL, QUERY_INDEPENDENT_PAGE } from "~/app/page-helpers/seo";
import { ContactPrompt } from "~/app/components/contact-prompt";
import { ContentNotAvailable } from "~/app/components/content-not-available";
import { useMessages } from "~/app/components/language-provider";
import { LocalizedLink } from "~/app/components/localized-link";
import { PageHero } from "~/app/components/page-hero";
import { articles, blogIndex } from "~/content/blog";
import { blogMessages } from "~/content/messages/blog";
import type { Route } from "./+types/blog";

/** A card's width, for the browser's pick from a picture's srcset: a third of the page's column from md up. */
const CARD_IMAGE_SIZES = "(min-width: 1280px) 390px, (min-width: 768px) 33vw, 100vw";

export function loader({ params, context }: Route.LoaderArgs) {
  const lang = pageLang(params);
  const list = localizedContent(context.appContext, articles, lang) ?? [];
  return {
    lang,
    content: localizedContent(context.appContext, blogIndex, lang),
    articles: list.map((a) => ({
      id: a.id,
      title: a.title,
      excerpt: a.excerpt,
      category: a.category,
      readTime: a.readTime,
      date: a.date,
      dateText: formatIsoDate(a.date, lang),
      image: a.image,
      imageSrcSet: a.imageSrcSet,
      imageAlt: a.imageAlt,
    })),
  };
}

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": PUBLIC_PAGE_CACHE_CONTROL });
export const handle = QUERY_INDEPENDENT_PAGE;

export const meta: Route.MetaFunction = (args) => contentPageMeta(args, "/blog");

export default function Blog() {
  const { content, articles } = useLoaderData<typeof loader>();
  const t = useMessages(blogMessages);
  if (!content) return <ContentNotAvailable />;
  return (
    <>
      <PageHero title={content.title} subtitle={content.subtitle} />
      <div className="mx-auto max-w-3xl space-y-4 px-4 pt-12 text-lg leading-relaxed text-slate-700 sm:px-6" data-testid="blog-intro">
        {content.content.map((p, i) => (
          <p key={i}>{p}</p>
        ))}
      </div>
      <section aria-labelledby="blog-articles" className="mx-auto max-w-7xl px-4 py-12 sm:px-6">
        <h2 id="blog-articles" className="text-2xl font-bold text-slate-900">
          {t.articlesTitle}
        </h2>
        <ul className="mt-8 grid gap-8 md:grid-cols-3">
          {articles.map((article, index) => (
            <li key={article.id} className="flex flex-col overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm" data-testid="blog-card">
              <img
                src={article.image}
                srcSet={article.imageSrcSet}
                sizes={CARD_IMAGE_SIZES}
                alt={article.imageAlt}
                width={PICTURE_SETS.blog.width}
                height={PICTURE_SETS.blog.height}
                loading={index === 0 ? "eager" : "lazy"}
                decoding="async"
                className="aspect-[40/21] w-full bg-slate-100 object-cover"
              />
              <div className="flex flex-1 flex-col p-5">
                <p className="text-sm font-semibold text-accent-600">{article.category}</p>
                <h3 className="mt-2 text-lg font-semibold text-slate-900">
                  <LocalizedLink to={`/blog/${article.id}`} className="hover:text-brand-700 hover:underline">
                    {article.title}
                  </LocalizedLink>
                </h3>
                <p className="mt-2 flex-1 text-slate-600">{article.excerpt}</p>
                <p className="mt-4 text-sm text-slate-600">
                  <time dateTime={article.date}>{article.dateText}</time>
                  <span aria-hidden> · </span>
                  {format(t.readTime, { minutes: article.readTime })}
                </p>
              </div>
            </li>
          ))}
        </ul>
      </section>
      <ContactPrompt />
    </>
  );
}
