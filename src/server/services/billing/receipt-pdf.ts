/** Receipts as a PDF (pdf-lib, the standard Helvetica font): one A4 page per receipt. */
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from "pdf-lib";
import { countryName } from "~/lib/options";
import { formatEuros } from "~/lib/plans";
import { NOT_SET } from "~/lib/site";
import type { ReceiptDto } from "./receipt-data";

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 56;
const GREY = rgb(0.4, 0.4, 0.45);

/** "21 Nov 2026", in UTC so a receipt reads the same wherever it is made. */
function pdfDate(value: Date): string {
  return new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" }).format(value);
}

/** The standard fonts speak WinAnsi only: other characters (e.g. a name in Chinese script) become "?". */
function writable(font: PDFFont) {
  const supported = new Set(font.getCharacterSet());
  return (text: string) => [...text.normalize("NFC")].map((char) => (supported.has(char.codePointAt(0)!) ? char : "?")).join("");
}

function addressLines(address: NonNullable<ReceiptDto["buyer"]["address"]>): string[] {
  return [
    address.addressLine1,
    address.addressLine2,
    `${address.postalCode} ${address.city}`,
    address.state,
    countryName(address.country),
  ].filter((line): line is string => Boolean(line));
}

function drawReceipt(page: PDFPage, receipt: ReceiptDto, fonts: { regular: PDFFont; bold: PDFFont }) {
  const clean = writable(fonts.regular);
  let y = A4[1] - MARGIN;
  const line = (
    text: string,
    options: { bold?: boolean; size?: number; x?: number; color?: ReturnType<typeof rgb>; keep?: boolean } = {},
  ) => {
    page.drawText(clean(text), {
      x: options.x ?? MARGIN,
      y,
      size: options.size ?? 10,
      font: options.bold ? fonts.bold : fonts.regular,
      color: options.color,
    });
    if (!options.keep) y -= (options.size ?? 10) + 5;
  };
  const right = (text: string, bold = false) => {
    const font = bold ? fonts.bold : fonts.regular;
    page.drawText(clean(text), { x: A4[0] - MARGIN - font.widthOfTextAtSize(clean(text), 10), y, size: 10, font });
  };
  const { seller, buyer, transaction, tax } = receipt;

  line("Receipt", { bold: true, size: 22 });
  line(`Receipt no. ${receipt.number}`);
  line(`Date paid: ${pdfDate(transaction.date)}`);
  y -= 10;
  line("Seller", { bold: true });
  line(seller.legalName ?? `Legal name: ${NOT_SET}`);
  if (seller.address.length > 0) for (const part of seller.address) line(part);
  else line(`Address: ${NOT_SET}`);
  line(`VAT ID: ${seller.vatId ?? NOT_SET}`);
  line(seller.email);
  y -= 10;
  line("Billed to", { bold: true });
  line(buyer.name);
  line(buyer.email);
  if (buyer.address) for (const part of addressLines(buyer.address)) line(part);
  if (buyer.address?.taxId) line(`Tax ID: ${buyer.address.taxId}`);
  y -= 14;
  line("Description", { bold: true, keep: true });
  right("Amount", true);
  y -= 16;
  line(transaction.description, { keep: true });
  right(formatEuros(transaction.amount));
  y -= 16;
  line(tax.label, { color: GREY, keep: true });
  if (tax.amount) right(tax.amount);
  y -= 16;
  line(transaction.refunded ? "Amount paid (refunded)" : "Amount paid", { bold: true, keep: true });
  right(formatEuros(transaction.amount), true);
  y -= 30;
  line(`Payment reference ${receipt.reference}. Status: ${transaction.status}.`, { size: 8, color: GREY });
}

export async function renderReceiptsPdf(receipts: ReceiptDto[]): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(receipts.length === 1 ? `Receipt ${receipts[0]!.number}` : `Receipts (${receipts.length})`);
  pdf.setCreationDate(new Date());
  const fonts = {
    regular: await pdf.embedFont(StandardFonts.Helvetica),
    bold: await pdf.embedFont(StandardFonts.HelveticaBold),
  };
  for (const receipt of receipts) drawReceipt(pdf.addPage(A4), receipt, fonts);
  return pdf.save();
}
