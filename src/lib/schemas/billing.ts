import { z } from "zod";
import { PLAN_IDS } from "~/lib/plans";
import { emailSchema, optionalText, requiredText } from "./common";

const id = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(255, `${label} is too long`);
const countryCode = z
  .string({ error: "Country is required" })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, "Country must be a two-letter country code such as DE");

const planIdSchema = z.enum(PLAN_IDS, { error: "planId must be free, pro or unlimited" });
const paidPlanIdSchema = z.enum(["pro", "unlimited"], { error: "planId must be pro or unlimited" });

/** Countries offered by the checkout; any ISO code is accepted by the server. */
const CHECKOUT_COUNTRIES = ["DE", "AT", "CH", "NL", "FR", "BE", "ES", "AU", "JP"] as const;
/** Countries of the billing panel and the address card. */
const BILLING_PANEL_COUNTRIES = ["US", "CA", "GB", "DE", "FR", "AU", "JP", "IN", "BR", "MX"] as const;
const ADDRESS_CARD_COUNTRIES = ["DE", "AT", "CH", "NL", "FR", "BE", "DK", "SE", "NO", "PL"] as const;
/** The spec's three lists as one "Common" group, each country once (every billing form offers every country after it). */
export const COMMON_BILLING_COUNTRIES: readonly string[] = [
  ...new Set<string>([...BILLING_PANEL_COUNTRIES, ...CHECKOUT_COUNTRIES, ...ADDRESS_CARD_COUNTRIES]),
];
/** Spec 9: the default country when nothing was chosen before. */
export const DEFAULT_BILLING_COUNTRY = "US";

const addressFields = {
  name: requiredText("Name", 100),
  email: emailSchema,
  country: countryCode,
  addressLine1: requiredText("Address line 1"),
  addressLine2: optionalText("Address line 2"),
  city: requiredText("City", 100),
  state: optionalText("State", 100),
  postalCode: requiredText("Postal code", 20),
  phone: optionalText("Phone", 40),
  taxId: optionalText("Tax ID", 50),
};

export const billingAddressCreateSchema = z.object({
  ...addressFields,
  isDefault: z.boolean().optional().default(false),
});
export type BillingAddressCreate = z.infer<typeof billingAddressCreateSchema>;

/** The address sent along with a checkout: no email, phone or tax id. */
const checkoutAddressSchema = z.object({
  name: addressFields.name,
  addressLine1: addressFields.addressLine1,
  addressLine2: addressFields.addressLine2,
  city: addressFields.city,
  state: addressFields.state,
  postalCode: addressFields.postalCode,
  country: addressFields.country,
});

export const createSubscriptionSchema = z.object({
  paymentMethodId: id("paymentMethodId"),
  planId: paidPlanIdSchema,
  /** Optional: when sent it must be the configured price of planId. */
  priceId: z.string().trim().max(255).nullish(),
  customerEmail: emailSchema,
  customerName: requiredText("customerName", 100),
  country: countryCode.optional(),
  postalCode: optionalText("postalCode", 20),
  taxId: optionalText("taxId", 50),
  billingAddress: checkoutAddressSchema.nullish(),
  /** The proration moment of the preview the user confirmed: the upgrade charges the amount shown. */
  prorationDate: z.coerce.date({ error: "prorationDate must be a date" }).nullish(),
});
export type CreateSubscriptionInput = z.infer<typeof createSubscriptionSchema>;

/** A plan the user is about to change to: the preview of what it costs, or a downgrade. */
export const planChangeSchema = z.object({ planId: planIdSchema });
export const downgradeSchema = z.object({ planId: paidPlanIdSchema });

export const changeToFreeSchema = z.object({ customerId: id("customerId").optional(), planId: planIdSchema });

export const customerCreateSchema = z.object({ email: emailSchema, name: requiredText("name", 100) });

export const customerQuerySchema = z.object({ customer_id: id("customer_id").optional() });

export const attachPaymentMethodSchema = z.object({
  paymentMethodId: id("paymentMethodId"),
  customerId: id("customerId").optional(),
});

export const detachPaymentMethodSchema = z.object({ payment_method_id: id("payment_method_id") });

export const paymentIntentSchema = z.object({
  /** Cents, as Stripe counts: it must be the price of a paid plan. */
  amount: z
    .number({ error: "amount must be a number of cents" })
    .int("amount must be a whole number of cents")
    .positive("amount must be positive"),
  currency: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.literal("eur", { error: "currency must be eur" }))
    .default("eur"),
  customerId: id("customerId").optional(),
  paymentMethodId: id("paymentMethodId"),
  description: optionalText("description", 200),
});

export const addressIdSchema = z.object({ id: id("id") });

/** A card typed into the demo gateway's form (test numbers only; the server checks). */
export const demoCardSchema = z.object({
  number: z
    .string()
    .trim()
    .regex(/^[\d\s-]{12,23}$/, "Your card number is incomplete."),
  expMonth: z.number().int().min(1, "Your card's expiration month is invalid.").max(12, "Your card's expiration month is invalid."),
  expYear: z.number().int().min(2000, "Your card's expiration year is invalid.").max(2100, "Your card's expiration year is invalid."),
  cvc: z
    .string()
    .trim()
    .regex(/^\d{3,4}$/, "Your card's security code is incomplete."),
});

export const receiptIdSchema = z.object({ id: id("id") });
