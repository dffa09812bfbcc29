import type { ComponentProps } from "react";
import ReactMarkdown, { type Components } from "react-markdown";
import rehypeExternalLinks from "rehype-external-links";
import rehypeSanitize from "rehype-sanitize";
import remarkGfm from "remark-gfm";
import { memberHref, mentionPattern } from "~/lib/schemas/community";

/** The few fields of a Markdown syntax node the two plugins below read and write. */
interface MarkdownNode {
  type: string;
  value?: string;
  url?: string;
  children?: MarkdownNode[];
}

/** Nodes whose children are inline text: raw HTML inside them becomes plain text, elsewhere a paragraph of text. */
const INLINE_PARENTS = new Set(["paragraph", "heading", "emphasis", "strong", "delete", "link", "linkReference", "tableCell"]);

function mentionLinks(text: string, members: ReadonlySet<string>): MarkdownNode[] {
  const nodes: MarkdownNode[] = [];
  let last = 0;
  for (const match of text.matchAll(mentionPattern())) {
    const handle = match[1]!.toLowerCase();
    // A handle no member has stays text: it would link to a page that does not exist.
    if (!members.has(handle)) continue;
    if (match.index > last) nodes.push({ type: "text", value: text.slice(last, match.index) });
    nodes.push({ type: "link", url: memberHref(handle), children: [{ type: "text", value: match[0] }] });
    last = match.index + match[0].length;
  }
  if (last < text.length) nodes.push({ type: "text", value: text.slice(last) });
  return nodes;
}

/**
 * Raw HTML a member typed is shown as the text they typed (never parsed as markup), and @handles
 * of members outside links and code become links to the member's profile.
 */
function remarkForumText({ members }: { members: ReadonlySet<string> }) {
  const visit = (node: MarkdownNode, insideLink: boolean) => {
    if (!node.children) return;
    node.children = node.children.flatMap((child): MarkdownNode[] => {
      if (child.type === "html") {
        const text = { type: "text", value: child.value ?? "" };
        return [INLINE_PARENTS.has(node.type) ? text : { type: "paragraph", children: [text] }];
      }
      if (child.type === "text" && !insideLink) return mentionLinks(child.value ?? "", members);
      visit(child, insideLink || child.type === "link" || child.type === "linkReference");
      return [child];
    });
  };
  return (tree: MarkdownNode) => visit(tree, false);
}

/** A post's headings sit below the page's own (h1 -> h3 ... h6), so the page keeps one outline. */
function shiftedHeading(level: number) {
  const Tag = `h${Math.min(level + 2, 6)}` as "h3";
  // biome-ignore lint/correctness/noComponentHookFactories: made once per level when the module loads, never during a render
  return function Heading({ node: _node, ...props }: ComponentProps<"h3"> & { node?: unknown }) {
    return <Tag {...props} className="mt-4 font-semibold text-slate-900" />;
  };
}

const COMPONENTS: Components = {
  h1: shiftedHeading(1),
  h2: shiftedHeading(2),
  h3: shiftedHeading(3),
  h4: shiftedHeading(4),
  h5: shiftedHeading(5),
  h6: shiftedHeading(6),
  // Pictures from other sites are not loaded (privacy, and the page's content policy): a link to them instead.
  img: ({ src, alt }) =>
    typeof src === "string" && src ? (
      <a href={src} target="_blank" rel="nofollow ugc noopener">
        {alt || "Image"} (image)
      </a>
    ) : null,
};

/**
 * The one renderer of forum posts: GitHub-flavoured Markdown, no raw HTML (shown as text), the
 * result sanitised, external links opened apart with rel="nofollow ugc noopener", @mentions of members linked.
 */
export function PostMarkdown({
  body,
  mentions = [],
  className = "",
}: {
  body: string;
  /** The handles of members this post mentions (the server checks them); other @words stay text. */
  mentions?: readonly string[];
  className?: string;
}) {
  const members = new Set(mentions.map((handle) => handle.toLowerCase()));
  return (
    <div
      className={`space-y-3 break-words text-[15px] leading-7 text-slate-800 [&_a]:text-brand-700 [&_a]:underline [&_a]:underline-offset-2 [&_blockquote]:border-l-4 [&_blockquote]:border-slate-200 [&_blockquote]:pl-3 [&_blockquote]:text-slate-600 [&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1 [&_code]:text-sm [&_li]:ml-5 [&_ol]:list-decimal [&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:bg-slate-100 [&_pre]:p-3 [&_table]:block [&_table]:overflow-x-auto [&_table]:text-sm [&_td]:border [&_td]:px-2 [&_th]:border [&_th]:px-2 [&_ul]:list-disc ${className}`}
    >
      <ReactMarkdown
        remarkPlugins={[remarkGfm, [remarkForumText, { members }]]}
        rehypePlugins={[rehypeSanitize, [rehypeExternalLinks, { rel: ["nofollow", "ugc", "noopener"], target: "_blank" }]]}
        components={COMPONENTS}
      >
        {body}
      </ReactMarkdown>
    </div>
  );
}
