import type { List, Nodes, Root, TableRow } from "mdast";
import remarkGfm from "remark-gfm";
import remarkParse from "remark-parse";
import { unified } from "unified";

// Markdown as GitHub writes it (tables, strikethrough, autolinks), as the chat renders answers.
const parser = unified().use(remarkParse).use(remarkGfm).freeze();

/** Indents every line after the first, so a list item's later paragraphs and nested lists stay under it. */
const hang = (text: string, by: number) => text.replace(/\n(?=.)/g, `\n${" ".repeat(by)}`);

function inline(node: Nodes): string {
  switch (node.type) {
    case "text":
    case "inlineCode":
      return node.value;
    case "break":
      return "\n";
    case "image":
      return node.alt ?? "";
    case "link": {
      const text = children(node);
      // An address written out ("<https://...>" or a bare URL) is shown once.
      const address = node.url.replace(/^mailto:/, "");
      return !text || text === node.url || text === address ? address : `${text} (${node.url})`;
    }
    case "html":
    case "footnoteReference":
      return "";
    default:
      return "children" in node ? children(node) : "";
  }
}

function children(node: Nodes & { children: Nodes[] }): string {
  return node.children.map(inline).join("");
}

function list(node: List): string {
  const start = node.start ?? 1;
  return node.children
    .map((item, index) => {
      const marker = node.ordered ? `${start + index}. ` : "- ";
      return marker + hang(item.children.map(block).filter(Boolean).join("\n"), marker.length);
    })
    .join("\n");
}

const row = (tableRow: TableRow) => tableRow.children.map((cell) => children(cell).trim()).join(" | ");

function block(node: Nodes): string {
  switch (node.type) {
    case "paragraph":
    case "heading":
      return children(node);
    case "blockquote":
      return blocks(node.children);
    case "list":
      return list(node);
    case "code":
      return node.value;
    case "table":
      return node.children.map(row).join("\n");
    case "thematicBreak":
    case "html":
    case "definition":
    case "footnoteDefinition":
    case "yaml":
      return "";
    default:
      return inline(node);
  }
}

function blocks(nodes: Nodes[]): string {
  return nodes.map(block).filter(Boolean).join("\n\n");
}

/**
 * An answer's Markdown as plain text, as it reads on screen: paragraphs and headings as lines,
 * lists as "- item" or "1. item" lines, tables as rows of cells, links as "text (address)", and no
 * emphasis, heading or code markers.
 */
export function markdownToPlainText(markdown: string): string {
  const tree: Root = parser.parse(markdown);
  return blocks(tree.children).trim();
}
