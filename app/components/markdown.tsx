// Renders the assistant's Markdown answers as React elements (lib/ai/markdown.ts parses them).
// Text is always passed as React children, so it is escaped: no HTML from a model or from the
// knowledge base is ever interpreted as markup.
import { Fragment, type ReactNode } from "react";
import { Link } from "react-router";
import { parseMarkdown, type Block, type Inline } from "~/lib/ai/markdown";

/**
 * Where citation marker [n] points (the answer's Sources list) and the title of the page it cites, or
 * undefined to keep it as text.
 */
type CitationHref = (n: number) => { href: string; title: string } | undefined;

function renderNodes(nodes: Inline[], cite?: CitationHref): ReactNode[] {
  const inner = (children: Inline[]) => renderNodes(children, cite);
  return nodes.map((node, index) => {
    switch (node.type) {
      case "text":
        return <Fragment key={index}>{node.text}</Fragment>;
      case "strong":
        return (
          <strong key={index} className="font-semibold text-slate-900">
            {inner(node.children)}
          </strong>
        );
      case "em":
        return <em key={index}>{inner(node.children)}</em>;
      case "link":
        // Only paths of this site reach here (lib/ai/markdown.ts).
        return (
          <Link key={index} to={node.href} className="text-brand-700 underline hover:text-brand-900">
            {inner(node.children)}
          </Link>
        );
      case "cite": {
        const source = cite?.(node.n);
        // Named with the page it cites: a list of links read "[1]", "[2]" (found by a screen-reader user).
        return source ? (
          <a
            key={index}
            href={source.href}
            aria-label={`[${node.n}] ${source.title}`}
            className="text-brand-700 underline hover:text-brand-900"
            data-testid="citation-marker"
          >
            [{node.n}]
          </a>
        ) : (
          <Fragment key={index}>[{node.n}]</Fragment>
        );
      }
      case "code":
        return (
          <code key={index} className="rounded bg-slate-100 px-1 py-0.5 font-mono text-[0.9em] text-slate-900">
            {node.text}
          </code>
        );
      case "break":
        return <br key={index} />;
    }
  });
}

function renderBlock(block: Block, index: number, cite?: CitationHref): ReactNode {
  const renderInline = (nodes: Inline[]) => renderNodes(nodes, cite);
  switch (block.type) {
    case "heading":
      return block.level === 3 ? (
        <h3 key={index} className="mt-5 text-lg font-semibold text-slate-900 first:mt-0">
          {renderInline(block.children)}
        </h3>
      ) : (
        <h4 key={index} className="mt-4 font-semibold text-slate-900 first:mt-0">
          {renderInline(block.children)}
        </h4>
      );
    case "paragraph":
      return (
        <p key={index} className="mt-3 leading-relaxed first:mt-0">
          {renderInline(block.children)}
        </p>
      );
    case "list": {
      const items = block.items.map((item, i) => (
        <li key={i} className="pl-1">
          {renderInline(item)}
        </li>
      ));
      return block.ordered ? (
        <ol key={index} start={block.start === 1 ? undefined : block.start} className="mt-3 list-decimal space-y-1 pl-6 first:mt-0">
          {items}
        </ol>
      ) : (
        <ul key={index} className="mt-3 list-disc space-y-1 pl-6 first:mt-0">
          {items}
        </ul>
      );
    }
    case "code":
      return (
        <pre key={index} className="mt-3 overflow-x-auto rounded bg-slate-100 p-3 text-sm first:mt-0">
          <code className="font-mono text-slate-900">{block.text}</code>
        </pre>
      );
    case "rule":
      return <hr key={index} className="my-4 border-slate-200" />;
  }
}

export function Markdown({ source, className, citationHref, lang }: { source: string; className?: string; citationHref?: CitationHref; lang?: string }) {
  return <div className={className} lang={lang}>{parseMarkdown(source).map((block, index) => renderBlock(block, index, citationHref))}</div>;
}
