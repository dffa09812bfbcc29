import { formatEuros } from "~/lib/plans";

/** "000042": receipt numbers are sequential per installation; six digits keep them sortable as text. */
export function formatReceiptNumber(receiptNumber: number | null): string {
  return receiptNumber === null ? "-" : String(receiptNumber).padStart(6, "0");
}

/** The VAT contained in a gross amount at this rate, in cents. */
export function includedVatCents(amountCents: number, ratePercent: number): number {
  return Math.round((amountCents * ratePercent) / (100 + ratePercent));
}

/** The receipt's tax line: the VAT the price includes, or that no VAT is shown because no rate is set. */
export function taxLine(amountCents: number, ratePercent: number | null): { label: string; amount: string | null } {
  if (ratePercent === null) return { label: "No VAT shown (no VAT rate is set for the seller)", amount: null };
  return {
    label: `Includes VAT ${ratePercent}%`,
    amount: formatEuros(includedVatCents(amountCents, ratePercent) / 100),
  };
}
