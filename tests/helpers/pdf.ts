import { inflateSync } from "node:zlib";
import { PDFDocument, PDFRawStream } from "pdf-lib";

/**
 * The text a PDF made with pdf-lib's standard fonts shows, page by page order ignored: its content
 * streams are inflated and the hex strings of their text operators decoded (WinAnsi ~ Latin-1).
 */
export async function pdfText(bytes: Uint8Array): Promise<{ pages: number; title: string | undefined; text: string }> {
  const pdf = await PDFDocument.load(bytes);
  const parts: string[] = [];
  for (const [, object] of pdf.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFRawStream)) continue;
    let content: string;
    try {
      content = inflateSync(Buffer.from(object.contents)).toString("latin1");
    } catch {
      continue;
    }
    for (const match of content.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)) parts.push(Buffer.from(match[1]!, "hex").toString("latin1"));
  }
  return { pages: pdf.getPageCount(), title: pdf.getTitle(), text: parts.join("\n") };
}
