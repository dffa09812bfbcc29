import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as receiptsRoute from "~/app/api/billing/receipts/route";
import { demoCard, failRenewal } from "../helpers/billing";
import { pdfText } from "../helpers/pdf";
import { callRoute, type RouteHandler } from "../helpers/rest";
import { callerFor, createUser, sessionCookie } from "../helpers/session";
import { createTestDatabase, type TestDatabase } from "../helpers/test-database";

const ADDRESS = {
  name: "Ada Lovelace",
  email: "ada@example.com",
  country: "DE",
  addressLine1: "Unter den Linden 1",
  city: "Berlin",
  postalCode: "10117",
};
const download = (cookie?: string, query?: Record<string, string>) =>
  callRoute(receiptsRoute.GET as RouteHandler, "/api/billing/receipts", { cookie, query });
/** The PDF's bytes (callRoute reads answers as text). */
async function downloadBytes(cookie: string) {
  const response = await receiptsRoute.GET(new Request("http://localhost:3000/api/billing/receipts", { headers: { cookie } }));
  return new Uint8Array(await response.arrayBuffer());
}

describe("receipts: numbers, seller, buyer as at the payment, tax line, the PDF download", () => {
  let t: TestDatabase;
  beforeAll(async () => {
    delete process.env.STRIPE_SECRET_KEY;
    delete process.env.OPERATOR_LEGAL_NAME;
    delete process.env.OPERATOR_VAT_ID;
    delete process.env.OPERATOR_VAT_RATE;
    t = await createTestDatabase();
  });
  afterAll(async () => {
    delete process.env.OPERATOR_VAT_RATE;
    delete process.env.OPERATOR_LEGAL_NAME;
    await t?.stop();
  });

  it("numbers receipts uniquely and in order, keeps the buyer as at the payment, and shows the tax line", async () => {
    const ada = await createUser(t.db, { firstName: "Ada" });
    const api = callerFor(t.db, ada.claims);
    await api.billing.createAddress({ ...ADDRESS, isDefault: true });
    await api.billing.createSubscription({
      paymentMethodId: await demoCard(t.db, "4242424242424242"),
      planId: "pro",
      customerEmail: ada.email,
      customerName: "Ada Lovelace",
    });
    const [trial] = (await api.billing.transactions({})).transactions;
    const first = await api.billing.receipt({ id: trial!.id });
    expect(first.number).toMatch(/^\d{6}$/);
    expect(first.buyer).toMatchObject({
      name: "Ada Lovelace",
      address: { addressLine1: "Unter den Linden 1", city: "Berlin", country: "DE" },
    });
    expect(first.seller).toMatchObject({ legalName: null, vatId: null });
    expect(first.tax).toMatchObject({
      ratePercent: null,
      amount: null,
      label: "No VAT shown (no VAT rate is set for the seller)",
    });

    // The address changes later: the recorded receipt keeps the one of the payment.
    await t.db.billingAddress.updateMany({
      where: { userId: ada.claims.id },
      data: { addressLine1: "Somewhere else 9" },
    });
    expect((await api.billing.receipt({ id: trial!.id })).buyer.address?.addressLine1).toBe("Unter den Linden 1");

    // A failed renewal has no receipt; once paid it gets the next number, with the VAT rate set at that time.
    process.env.OPERATOR_VAT_RATE = "19";
    process.env.OPERATOR_LEGAL_NAME = "Example GmbH";
    await failRenewal(t.db, ada.claims);
    const failed = await t.db.billingTransaction.findFirstOrThrow({
      where: { userId: ada.claims.id, status: "failed" },
    });
    expect(failed.receiptNumber).toBeNull();
    await expect(api.billing.receipt({ id: failed.id })).rejects.toThrow("Receipt not found.");
    const card = (await api.billing.paymentMethods({})).paymentMethods.find((pm) => pm.card.last4 === "4242")!;
    await api.billing.createPaymentIntent({ amount: 999, currency: "eur", paymentMethodId: card.id });
    const paid = await api.billing.receipt({ id: failed.id });
    expect(Number(paid.number)).toBe(Number(first.number) + 1);
    expect(paid.tax).toMatchObject({ ratePercent: 19, includedCents: 160, amount: "€1.60", label: "Includes VAT 19%" });
    expect(paid.seller.legalName).toBe("Example GmbH");
    expect(paid.buyer.address?.addressLine1).toBe("Somewhere else 9");

    const numbers = (
      await t.db.billingTransaction.findMany({
        where: { receiptNumber: { not: null } },
        select: { receiptNumber: true },
      })
    ).map((row) => row.receiptNumber);
    expect(new Set(numbers).size).toBe(numbers.length);
  });

  it("downloads the owner's receipts as one PDF; another user's receipt is 404, no session 401", async () => {
    const mia = await createUser(t.db, { firstName: "Mia" });
    const bob = await createUser(t.db, { firstName: "Bob" });
    const [miaCookie, bobCookie] = [await sessionCookie(t.db, mia.claims), await sessionCookie(t.db, bob.claims)];
    expect((await download(bobCookie)).status).toBe(404); // no receipts yet
    const api = callerFor(t.db, mia.claims);
    await api.billing.createAddress({ ...ADDRESS, name: "Mia Müller", isDefault: true });
    await api.billing.createSubscription({
      paymentMethodId: await demoCard(t.db, "4242424242424242"),
      planId: "pro",
      customerEmail: mia.email,
      customerName: "Mia Müller",
    });
    const [tx] = (await api.billing.transactions({})).transactions;
    const receipt = await api.billing.receipt({ id: tx!.id });

    const all = await download(miaCookie);
    expect(all.status).toBe(200);
    expect(all.headers.get("content-type")).toBe("application/pdf");
    expect(all.headers.get("content-disposition")).toMatch(/^attachment; filename="receipt-\d{6}\.pdf"/);
    const pdf = await pdfText(await downloadBytes(miaCookie));
    expect(pdf.pages).toBe(1);
    expect(pdf.text).toContain(`Receipt no. ${receipt.number}`);
    expect(pdf.text).toContain("Mia Müller");
    expect(pdf.text).toContain("Pro plan - 7-day free trial");
    expect(pdf.text).toContain("VAT ID: not set");

    expect((await download(miaCookie, { id: tx!.id })).status).toBe(200);
    const stolen = await download(bobCookie, { id: tx!.id });
    expect(stolen.status).toBe(404);
    expect(stolen.json).toEqual({ success: false, error: "Receipt not found." });
    await expect(callerFor(t.db, bob.claims).billing.receipt({ id: tx!.id })).rejects.toThrow("Receipt not found.");
    expect((await download(undefined)).status).toBe(401);
  });
});
