/** What a receipt shows, from its transaction row: the web page and the PDF print the same. */
import type { BillingTransaction } from "~/generated/prisma/client";
import { formatReceiptNumber, includedVatCents, taxLine } from "~/lib/receipts";
import { operatorDetails } from "~/server/operator";
import type { BuyerAddress } from "./billing-sync.service";
import { toTransactionDto } from "./payments.service";

export function toReceiptDto(tx: BillingTransaction, fallbackBuyer: { name: string; email: string }) {
  const seller = operatorDetails();
  const tax = taxLine(tx.amountCents, tx.vatRatePercent);
  return {
    number: formatReceiptNumber(tx.receiptNumber),
    transaction: toTransactionDto(tx),
    reference: tx.gatewayObjectId,
    seller: { legalName: seller.legalName, address: [...seller.address], vatId: seller.vatId, email: seller.email },
    buyer: {
      name: tx.buyerName ?? fallbackBuyer.name,
      email: tx.buyerEmail ?? fallbackBuyer.email,
      address: (tx.buyerAddress ?? null) as BuyerAddress | null,
    },
    tax: {
      ratePercent: tx.vatRatePercent,
      label: tax.label,
      amount: tax.amount,
      includedCents: tx.vatRatePercent === null ? null : includedVatCents(tx.amountCents, tx.vatRatePercent),
    },
  };
}
export type ReceiptDto = ReturnType<typeof toReceiptDto>;
