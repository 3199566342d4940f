import { data, useLoaderData, useRouteLoaderData } from "react-router";
import { isBlogArticleId } from "~/lib/blog";
import { formatIsoDate } from "~/lib/i18n/dates";
import { format } from "~/lib/i18n/format";
import { langTag } from "~/lib/i18n/languages";
import { localePath } from "~/lib/i18n/paths";
import { PICTURE_SETS } from "~/lib/pictures";
import { localizedContent, pageLang } from "~/app/page-helpers/page-loader.server";
import { rootDataFrom, type RootData } from "~/app/page-helpers/root-data";
import { PUBLIC_PAGE_CACHE_CONTROL, contentPage, seoMeta } from "~/app/page-helpers/seo";
import { ArticleBody } from "~/app/components/article-body";
import { ContactPrompt } from "~/app/components/contact-prompt";
import { useLanguage, useMessages } from "~/app/components/language-provider";
import { LocalizedLink } from "~/app/components/localized-link";
import { ShareButton } from "~/app/components/share-button";
import { articles } from "~/content/blog";
import { blogMessages } from "~/content/messages/blog";
import { labelled } from "~/lib/i18n/punctuation";
import type { Route } from "./+types/blog-article";

/** How wide the pictures are drawn, for the browser's pick from their srcset: the article's column (max-w-3xl), related cards two to a max-w-5xl row. */
const HERO_IMAGE_SIZES = "(min-width: 768px) 720px, 100vw";
const RELATED_IMAGE_SIZES = "(min-width: 1024px) 476px, (min-width: 768px) 50vw, 100vw";

export function loader({ params, context }: Route.LoaderArgs) {
  const lang = pageLang(params);
  const list = localizedContent(context.appContext, articles, lang) ?? [];
  const article = list.find((a) => a.id === params.id);
  if (!article) throw data(null, { status: 404 });
  const related = article.related
    .map((id) => list.find((a) => a.id === id))
    .filter((a) => a !== undefined)
    .map((a) => ({ id: a.id, title: a.title, excerpt: a.excerpt, category: a.category, image: a.image, imageSrcSet: a.imageSrcSet, imageAlt: a.imageAlt }));
  return { lang, article, dateText: formatIsoDate(article.date, lang), related };
}

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": PUBLIC_PAGE_CACHE_CONTROL });
export const handle = contentPage((params) => isBlogArticleId(params.id));

export const meta: Route.MetaFunction = ({ data, matches }) => {
  const root = rootDataFrom(matches);
  if (!data?.article || !root) return [];
  const { article, lang } = data;
  const url = root.origin + localePath(lang, `/blog/${article.id}`);
  return [
    ...seoMeta({
      lang,
      path: `/blog/${article.id}`,
      title: article.seo.title,
      description: article.seo.description,
      siteName: root.siteName,
      origin: root.origin,
      common: root.messages.common,
      type: "article",
      jsonLd: [
        {
          "@context": "https://schema.org",
          "@type": "Article",
          headline: article.title,
          description: article.seo.description,
          image: [root.origin + article.image],
          datePublished: article.date,
          dateModified: article.modified,
          inLanguage: langTag(lang),
          articleSection: article.category,
          keywords: article.tags.join(", "),
          author: { "@type": "Person", name: article.author, jobTitle: article.authorRole },
          publisher: {
            "@type": "Organization",
            name: root.siteName,
            url: root.origin + "/",
            logo: { "@type": "ImageObject", url: root.origin + "/favicon.svg" },
          },
          mainEntityOfPage: { "@type": "WebPage", "@id": url },
        },
      ],
    }),
    { property: "article:published_time", content: article.date },
    { property: "article:section", content: article.category },
    ...article.tags.map((tag) => ({ property: "article:tag", content: tag })),
  ];
};

export default function BlogArticle() {
  const { lang, article, dateText, related } = useLoaderData<typeof loader>();
  const root = useRouteLoaderData<RootData>("root");
  const { href } = useLanguage();
  const t = useMessages(blogMessages);
  const shareUrl = (root?.origin ?? "") + href(`/blog/${article.id}`);
  return (
    <>
      <article className="mx-auto max-w-3xl px-4 py-10 sm:px-6 md:py-14" data-testid="blog-article">
        <LocalizedLink to="/blog" className="text-sm font-medium text-brand-700 hover:underline">
          ← {t.backToBlog}
        </LocalizedLink>
        <header className="mt-6">
          <p className="inline-block rounded-full bg-brand-50 px-3 py-1 text-sm font-semibold text-brand-700" data-testid="article-category">
            <span className="sr-only">{labelled(lang, t.category, "")}</span>
            {article.category}
          </p>
          <h1 className="mt-4 text-3xl font-bold tracking-tight text-slate-900 md:text-4xl">{article.title}</h1>
          <p className="mt-4 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600">
            <span data-testid="article-author">{format(t.by, { author: article.author })}</span>
            <span aria-hidden>·</span>
            <span>
              <span className="sr-only">{t.publishedOn} </span>
              <time dateTime={article.date} data-testid="article-date">
                {dateText}
              </time>
            </span>
            <span aria-hidden>·</span>
            <span data-testid="article-read-time">{format(t.readTime, { minutes: article.readTime })}</span>
          </p>
        </header>
        <img
          src={article.image}
          srcSet={article.imageSrcSet}
          sizes={HERO_IMAGE_SIZES}
          alt={article.imageAlt}
          width={PICTURE_SETS.blog.width}
          height={PICTURE_SETS.blog.height}
          fetchPriority="high"
          className="mt-8 aspect-[40/21] w-full rounded-lg bg-slate-100 object-cover"
          data-testid="article-hero"
        />
        <div className="mt-6">
          <ShareButton url={shareUrl} title={article.title} text={article.excerpt} />
        </div>
        <div className="mt-8">
          <ArticleBody blocks={article.body} />
        </div>
        <section aria-labelledby="article-tags" className="mt-10">
          <h2 id="article-tags" className="text-sm font-semibold uppercase tracking-wide text-slate-700">
            {t.tags}
          </h2>
          <ul className="mt-3 flex flex-wrap gap-2" data-testid="article-tags">
            {article.tags.map((tag) => (
              <li key={tag} className="rounded-full bg-slate-100 px-3 py-1 text-sm text-slate-700">
                {tag}
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="article-author-box" className="mt-10 rounded-lg bg-slate-50 p-6" data-testid="author-box">
          <h2 id="article-author-box" className="text-sm font-semibold uppercase tracking-wide text-slate-700">
            {t.aboutAuthor}
          </h2>
          <div className="mt-3 flex gap-4">
            <span
              aria-hidden
              className="flex h-12 w-12 shrink-0 items-center justify-center rounded-full bg-brand-600 text-lg font-bold text-white"
            >
              {article.author.charAt(0)}
            </span>
            <div>
              <p className="font-semibold text-slate-900">{article.author}</p>
              <p className="text-sm text-slate-600">{article.authorRole}</p>
              <p className="mt-2 text-slate-700">{article.authorBio}</p>
            </div>
          </div>
        </section>
      </article>
      <section aria-labelledby="related-articles" className="bg-slate-50 py-12">
        <div className="mx-auto max-w-5xl px-4 sm:px-6">
          <h2 id="related-articles" className="text-2xl font-bold text-slate-900">
            {t.related}
          </h2>
          <ul className="mt-6 grid gap-6 md:grid-cols-2" data-testid="related-articles">
            {related.map((item) => (
              <li key={item.id} className="overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm">
                <img
                  src={item.image}
                  srcSet={item.imageSrcSet}
                  sizes={RELATED_IMAGE_SIZES}
                  alt={item.imageAlt}
                  width={PICTURE_SETS.blog.width}
                  height={PICTURE_SETS.blog.height}
                  loading="lazy"
                  decoding="async"
                  className="aspect-[40/21] w-full bg-slate-100 object-cover"
                />
                <div className="p-5">
                  <p className="text-sm font-semibold text-accent-600">{item.category}</p>
                  <h3 className="mt-1 text-lg font-semibold text-slate-900">
                    <LocalizedLink to={`/blog/${item.id}`} className="hover:text-brand-700 hover:underline" data-testid="related-link">
                      {item.title}
                    </LocalizedLink>
                  </h3>
                  <p className="mt-2 text-slate-600">{item.excerpt}</p>
                </div>
              </li>
            ))}
          </ul>
        </div>
      </section>
      <ContactPrompt />
    </>
  );
}
