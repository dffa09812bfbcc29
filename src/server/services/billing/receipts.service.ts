/** Receipts: what each one shows (seller, buyer as at the payment, tax line, number), and all of them as one PDF. */
import type { Db } from "~/server/db/client";
import { AppError } from "~/server/errors";
import type { SessionClaims } from "../sessions.service";
import { PLAN_CHANGE_PREFIX } from "./billing-sync.service";
import { type ReceiptDto, toReceiptDto } from "./receipt-data";
import { renderReceiptsPdf } from "./receipt-pdf";

const NOT_FOUND_RECEIPT = "Receipt not found.";
/** Paid (and later refunded) payments have receipts; failed ones and plan changes that charged nothing do not. */
const HAS_RECEIPT = {
  status: { in: ["succeeded" as const, "refunded" as const] },
  NOT: { gatewayObjectId: { startsWith: PLAN_CHANGE_PREFIX } },
};

/** Rows recorded before receipts kept their buyer show the account's name and email. */
async function fallbackBuyer(db: Db, actor: SessionClaims) {
  const customer = await db.billingCustomer.findUnique({
    where: { userId: actor.id },
    select: { name: true, email: true },
  });
  return { name: customer?.name ?? actor.name, email: customer?.email ?? actor.email };
}

/** One receipt; only its owner can open it (anyone else: 404). */
export async function getReceipt(db: Db, actor: SessionClaims, transactionId: string): Promise<ReceiptDto> {
  const tx = await db.billingTransaction.findFirst({ where: { id: transactionId, userId: actor.id, ...HAS_RECEIPT } });
  if (!tx) throw new AppError("NOT_FOUND", NOT_FOUND_RECEIPT);
  return toReceiptDto(tx, await fallbackBuyer(db, actor));
}

/**
 * GET /api/billing/receipts: the user's receipts as one PDF (a page each, newest first), or the one
 * named by `id`. Another user's receipt does not exist (404); no receipt yet is a 404 too.
 */
export async function receiptsPdf(db: Db, actor: SessionClaims, transactionId?: string): Promise<{ fileName: string; bytes: Uint8Array }> {
  const rows = await db.billingTransaction.findMany({
    where: { userId: actor.id, ...HAS_RECEIPT, ...(transactionId ? { id: transactionId } : {}) },
    orderBy: { paidAt: "desc" },
  });
  if (rows.length === 0) throw new AppError("NOT_FOUND", transactionId ? NOT_FOUND_RECEIPT : "You have no receipts yet.");
  const buyer = await fallbackBuyer(db, actor);
  const receipts = rows.map((row) => toReceiptDto(row, buyer));
  const fileName = receipts.length === 1 ? `receipt-${receipts[0]!.number}.pdf` : "receipts.pdf";
  return { fileName, bytes: await renderReceiptsPdf(receipts) };
}
