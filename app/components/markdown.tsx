// Renders the assistant's Markdown answers as React elements (lib/ai/markdown.ts parses them).
// Text is always passed as React children, so it is escaped: no HTML from a model or from the
// knowledge base is ever interpreted as markup.
import { Fragment, type ReactNode } from "react";
import { parseMarkdown, type Block, type Inline } from "../../lib/ai/markdown";

function renderInline(nodes: Inline[]): ReactNode[] {
  return nodes.map((node, index) => {
    switch (node.type) {
      case "text":
        return <Fragment key={index}>{node.text}</Fragment>;
      case "strong":
        return (
          <strong key={index} className="font-semibold text-slate-900">
            {renderInline(node.children)}
          </strong>
        );
      case "em":
        return <em key={index}>{renderInline(node.children)}</em>;
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

function renderBlock(block: Block, index: number): ReactNode {
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

export function Markdown({ source, className }: { source: string; className?: string }) {
  return <div className={className}>{parseMarkdown(source).map(renderBlock)}</div>;
}
