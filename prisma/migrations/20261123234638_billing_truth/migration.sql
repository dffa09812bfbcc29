-- AlterTable
ALTER TABLE "BillingCustomer" ADD COLUMN     "lastBillingDetails" JSONB;

-- AlterTable
ALTER TABLE "BillingTransaction" ADD COLUMN     "buyerAddress" JSONB,
ADD COLUMN     "buyerEmail" TEXT,
ADD COLUMN     "buyerName" TEXT,
ADD COLUMN     "receiptNumber" INTEGER,
ADD COLUMN     "vatRatePercent" DOUBLE PRECISION;

-- CreateIndex
CREATE UNIQUE INDEX "BillingTransaction_receiptNumber_key" ON "BillingTransaction"("receiptNumber");

-- Receipt numbers: one sequence per installation, drawn when a payment is recorded as succeeded.
CREATE SEQUENCE "BillingReceiptNumber" START 1;

-- Existing paid transactions get their numbers in the order they were paid, and the buyer as the
-- account's default billing address (else the billing customer) reads now: the best record there is.
WITH numbered AS (
  SELECT id, row_number() OVER (ORDER BY "paidAt", "createdAt", id) AS n
  FROM "BillingTransaction" WHERE status IN ('succeeded', 'refunded')
)
UPDATE "BillingTransaction" t SET "receiptNumber" = numbered.n FROM numbered WHERE t.id = numbered.id;
SELECT setval('"BillingReceiptNumber"', COALESCE((SELECT max("receiptNumber") FROM "BillingTransaction"), 0) + 1, false);

UPDATE "BillingTransaction" t SET
  "buyerName" = COALESCE(a.name, c.name),
  "buyerEmail" = COALESCE(a.email, c.email),
  "buyerAddress" = CASE WHEN a.id IS NULL THEN NULL ELSE jsonb_build_object(
    'name', a.name, 'addressLine1', a."addressLine1", 'addressLine2', a."addressLine2", 'city', a.city,
    'state', a.state, 'postalCode', a."postalCode", 'country', a.country, 'taxId', a."taxId") END
FROM "BillingTransaction" t2
LEFT JOIN "BillingCustomer" c ON c."userId" = t2."userId"
LEFT JOIN LATERAL (
  SELECT * FROM "BillingAddress" b WHERE b."userId" = t2."userId" ORDER BY b."isDefault" DESC, b."createdAt" ASC LIMIT 1
) a ON true
WHERE t.id = t2.id AND t."receiptNumber" IS NOT NULL;
