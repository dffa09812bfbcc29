/** The block structure of knowledge-base Markdown, to cut articles into passages and passages into quotable units. */
import { isCommentLine, sectionSourcesMarker } from "~/lib/schemas/knowledge";
import { splitSentences, stripMarkdown } from "./text";

/** A list item with the items nested under it ("Shortage occupations, for example:" + its sub-items). */
interface ListItem {
  text: string;
  children: string[];
}

/** `raw` is the block's Markdown exactly as written. */
export type Block = {
  raw: string;
} /** `sources`: the numbers of its `<!-- sources: 1, 3 -->` marker, when it has one. */ & (
  | { kind: "heading"; level: number; text: string; sources?: number[] }
  | { kind: "paragraph"; text: string }
  | { kind: "list"; items: ListItem[] }
  | { kind: "table"; header: string[]; rows: string[][] }
);

const LIST_ITEM = /^(\s*)([-*+]|\d+[.)])\s+(.*)$/;
const HEADING = /^(#{1,6})\s+(.*?)\s*#*\s*$/;
const isTableLine = (line: string) => line.trim().startsWith("|");

export function parseBlocks(markdown: string): Block[] {
  const blocks: Block[] = [];
  const lines = markdown.replace(/\r\n?/g, "\n").split("\n");
  let i = 0;
  const rawFrom = (start: number) => lines.slice(start, i).join("\n");
  while (i < lines.length) {
    const line = lines[i]!;
    const start = i;
    // Blank lines, and HTML comments (notes for writers, sources markers read with their heading).
    if (!line.trim() || isCommentLine(line)) {
      i++;
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      i++;
      const marker = i < lines.length ? sectionSourcesMarker(lines[i]!) : null;
      blocks.push({
        kind: "heading",
        level: heading[1]!.length,
        text: heading[2]!.trim(),
        raw: rawFrom(start),
        ...(Array.isArray(marker) ? { sources: marker } : {}),
      });
      continue;
    }
    if (isTableLine(line)) {
      const rows: string[][] = [];
      while (i < lines.length && isTableLine(lines[i]!)) {
        const cells = lines[i]!.trim()
          .replace(/^\||\|$/g, "")
          .split("|")
          .map((c) => c.trim());
        if (!cells.every((c) => /^:?-{2,}:?$/.test(c))) rows.push(cells);
        i++;
      }
      const [header = [], ...body] = rows;
      blocks.push({ kind: "table", header, rows: body, raw: rawFrom(start) });
      continue;
    }
    const first = LIST_ITEM.exec(line);
    if (first) {
      const baseIndent = first[1]!.length;
      const items: ListItem[] = [];
      while (i < lines.length) {
        const current = LIST_ITEM.exec(lines[i]!);
        const last = items[items.length - 1];
        if (current && current[1]!.length <= baseIndent + 1) {
          items.push({ text: current[3]!.trim(), children: [] });
        } else if (current && last) {
          last.children.push(current[3]!.trim());
        } else if (lines[i]!.trim() && !isCommentLine(lines[i]!) && /^\s+/.test(lines[i]!) && last) {
          // Continuation line of the last item or of its last child.
          if (last.children.length) last.children[last.children.length - 1] += ` ${lines[i]!.trim()}`;
          else last.text += ` ${lines[i]!.trim()}`;
        } else {
          break;
        }
        i++;
      }
      blocks.push({ kind: "list", items, raw: rawFrom(start) });
      continue;
    }
    const paragraph: string[] = [];
    for (; i < lines.length && lines[i]!.trim(); i++) {
      if (isCommentLine(lines[i]!) || HEADING.test(lines[i]!) || LIST_ITEM.test(lines[i]!) || isTableLine(lines[i]!)) break;
      paragraph.push(lines[i]!.trim());
    }
    blocks.push({ kind: "paragraph", text: paragraph.join("\n"), raw: rawFrom(start) });
  }
  return blocks;
}

export function wordCount(text: string): number {
  return stripMarkdown(text).split(/\s+/).filter(Boolean).length;
}

/** A quotable sentence, list item or table row; `label` is the bold lead line or table header it belongs to. */
export interface AnswerUnit {
  markdown: string;
  plain: string;
  label?: string;
  kind: "sentence" | "item" | "row";
  /** Position in the passage, to keep the document's order when several units are quoted. */
  order: number;
  /** The block it comes from: items of one list, or rows of one table, share it. */
  block: number;
  /** An item of a numbered list (steps in order). */
  ordered?: boolean;
}

const BOLD_LINE = /^\*\*([^*]+?)\*\*:?$/;

export function answerUnits(passageMarkdown: string): AnswerUnit[] {
  const units: AnswerUnit[] = [];
  let blockIndex = 0;
  const push = (unit: Omit<AnswerUnit, "order" | "plain" | "block">) => {
    const plain = stripMarkdown(unit.markdown);
    if (plain.replace(/[^\p{L}\p{N}]/gu, "").length < 3) return;
    units.push({ ...unit, plain, order: units.length, block: blockIndex });
  };
  let leadIn: string | undefined;
  for (const block of parseBlocks(passageMarkdown)) {
    blockIndex++;
    if (block.kind === "heading") {
      leadIn = undefined;
      continue;
    }
    if (block.kind === "paragraph") {
      let label: string | undefined;
      let lastSentence: string | undefined;
      for (const line of block.text.split("\n")) {
        const bold = BOLD_LINE.exec(line.trim());
        if (bold) {
          label = bold[1]!.replace(/^\d+\.\s*/, "").replace(/:$/, "");
          continue;
        }
        for (const sentence of splitSentences(line)) {
          push({ markdown: sentence, label, kind: "sentence" });
          lastSentence = sentence;
        }
      }
      // A paragraph ending with a colon introduces the list after it.
      leadIn = lastSentence?.trim().endsWith(":") ? stripMarkdown(lastSentence).replace(/:$/, "") : undefined;
      continue;
    }
    if (block.kind === "list") {
      const ordered = /^\s*\d+[.)]\s/.test(block.raw) ? { ordered: true } : {};
      for (const { text, children } of block.items) {
        const item = [text, ...children.map((child) => child.replace(/[.,;]?$/, ","))].join(" ").replace(/,$/, ".");
        push({ markdown: item, label: leadIn, kind: "item", ...ordered });
      }
      leadIn = undefined;
      continue;
    }
    const label = block.header.length === 2 ? block.header[1] : undefined;
    for (const row of block.rows) {
      const [first = "", ...rest] = row;
      const markdown =
        rest.length === 1
          ? `${first}: ${rest[0]}`
          : `${first}: ${rest.map((cell, n) => `${block.header[n + 1] ?? ""} ${cell}`.trim()).join("; ")}`;
      push({ markdown, label, kind: "row" });
    }
    leadIn = undefined;
  }
  return units;
}
