// Renders an article's structured blocks as React elements: text only, so authored (or future
// user-supplied) content can never inject HTML.
import type { ArticleBlock } from "~/content/types";

export function ArticleBody({ blocks }: { blocks: ArticleBlock[] }) {
  return (
    <div className="space-y-5 text-lg leading-relaxed text-slate-700" data-testid="article-body">
      {blocks.map((block, i) => {
        switch (block.type) {
          case "p":
            return <p key={i}>{block.text}</p>;
          case "h2":
            return (
              <h2 key={i} id={block.id} className="scroll-mt-24 pt-4 text-2xl font-bold text-slate-900">
                {block.text}
              </h2>
            );
          case "ul":
            return (
              <ul key={i} className="list-disc space-y-2 pl-6">
                {block.items.map((item, j) => (
                  <li key={j}>{item}</li>
                ))}
              </ul>
            );
          case "quote":
            return (
              <blockquote key={i} className="border-l-4 border-brand-600 bg-brand-50 px-5 py-4 italic text-slate-800">
                <p>{block.text}</p>
              </blockquote>
            );
          default:
            return null;
        }
      })}
    </div>
  );
}
