import ReactMarkdown from "react-markdown";
import remarkGfm from "remark-gfm";
import { sectionAnchor } from "~/lib/guides";

/** The few fields of a rendered node that hold its text. */
interface TextNode {
  value?: string;
  children?: TextNode[];
}
const textOf = (node: TextNode | undefined): string => node?.value ?? node?.children?.map(textOf).join("") ?? "";

/**
 * A guide section's Markdown, rendered on the server: sub-headings, lists and tables as written.
 * Links to other sites open in a new tab. A sub-heading gets the id the answers' links use.
 */
export function GuideMarkdown({ markdown, sectionHeading }: { markdown: string; sectionHeading: string | null }) {
  return (
    <div className="prose-page [&_a]:underline [&_ol]:mt-3 [&_ol]:list-decimal [&_ol]:space-y-1.5 [&_ol]:pl-6 [&_ol]:text-slate-700 [&_strong]:font-semibold [&_strong]:text-slate-900">
      <ReactMarkdown
        remarkPlugins={[remarkGfm]}
        components={{
          a: ({ href, children }) =>
            href?.startsWith("/") ? (
              <a href={href}>{children}</a>
            ) : (
              <a href={href} target="_blank" rel="noopener noreferrer">
                {children}
              </a>
            ),
          h3: ({ node, children }) => {
            const heading = textOf(node as TextNode);
            return (
              <h3 id={sectionAnchor(sectionHeading ? `${sectionHeading}: ${heading}` : heading)} className="scroll-mt-24">
                {children}
              </h3>
            );
          },
          table: ({ children }) => (
            <div className="mt-4 overflow-x-auto">
              <table className="w-full border-collapse text-left text-sm text-slate-700">{children}</table>
            </div>
          ),
          th: ({ children }) => <th className="border border-slate-200 bg-slate-50 px-3 py-2 font-semibold text-slate-900">{children}</th>,
          td: ({ children }) => <td className="border border-slate-200 px-3 py-2 align-top">{children}</td>,
        }}
      >
        {markdown}
      </ReactMarkdown>
    </div>
  );
}
