/**
 * What the REST routes answer, as JSON on the wire (dates as ISO 8601 strings). The OpenAPI document
 * (/api/openapi.json) is generated from these, and the route-table test checks every answer against them.
 */
import { z } from "zod";

/** A moment, as JSON carries a date: an ISO 8601 string in UTC. */
const timestamp = z.iso.datetime();
const ok = z.literal(true);
/** An id as the database makes them (cuid or uuid). */
const id = z.string().min(1);

/** The one error answer of every JSON route, with the input issues when the input was refused. */
export const apiErrorSchema = z
  .object({
    success: z.literal(false),
    error: z.string().describe("A message written for the user, safe to show."),
    issues: z
      .array(z.object({ path: z.string().describe("The field, dotted (empty for the whole input)."), message: z.string() }))
      .optional()
      .describe("Present when the input was refused: one entry per problem."),
  })
  .meta({ id: "ApiError" });

const userSchema = z
  .object({
    id,
    email: z.string(),
    name: z.string().nullable(),
    role: z.string().describe("user, or a staff role"),
    status: z.string().describe("active or suspended"),
    createdAt: timestamp,
    lastLoginAt: timestamp.nullable(),
    hasPassword: z.boolean(),
    emailVerified: z.boolean(),
    twoFactorEnabled: z.boolean(),
    linkedProviders: z.array(z.string()),
  })
  .meta({ id: "User" });

const studentSchema = z
  .object({
    firstName: z.string(),
    lastName: z.string(),
    name: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    dateOfBirth: timestamp.nullable(),
    gender: z.string().nullable(),
    nationality: z.string().nullable(),
    country: z.string().nullable(),
    countryOfResidence: z.string().nullable(),
    emergencyContactName: z.string().nullable(),
    emergencyContactPhone: z.string().nullable(),
    emailNotifications: z.boolean(),
    smsNotifications: z.boolean(),
    roadmapDigest: z.boolean(),
    communityDigest: z.boolean(),
    language: z.string(),
    timeZone: z.string(),
    twoFactorAuth: z.string(),
    profileVisibility: z.string(),
    dataSharing: z.string(),
    activityTracking: z.string(),
    marketingCommunications: z.string(),
    profileCompletion: z.number().int().min(0).max(100),
    stripeCustomerId: z.string().nullable(),
    gracePeriodEndDate: timestamp.nullable(),
    billingEmail: z.string().nullable(),
    nextBillingDate: timestamp.nullable(),
    lastPaymentDate: timestamp.nullable(),
    billing: z.object({
      stripeCustomerId: z.string().nullable(),
      nextBillingDate: timestamp.nullable(),
      lastPaymentDate: timestamp.nullable(),
    }),
    platformActivity: z.object({ membershipStatus: z.string().describe("free, pro or unlimited") }),
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .meta({ id: "Student" });

export const signupResponseSchema = z.object({ success: ok, user: z.object({ id, email: z.string(), name: z.string().nullable() }) });
export const userResponseSchema = z.object({ success: ok, user: userSchema });
export const studentResponseSchema = z.object({ success: ok, student: studentSchema });

export const threadsResponseSchema = z.array(
  z.object({
    id,
    slug: z.string(),
    title: z.string(),
    description: z.string().nullable(),
    questions: z.array(z.object({ text: z.string() })),
  }),
);
export const promptsResponseSchema = z.array(z.object({ id, text: z.string() }));
export const citiesResponseSchema = z.array(z.object({ name: z.string(), country_name: z.string(), country_code: z.string() }));

const addressSchema = z
  .object({
    id,
    name: z.string(),
    email: z.string(),
    country: z.string(),
    addressLine1: z.string(),
    addressLine2: z.string().nullable(),
    city: z.string(),
    state: z.string().nullable(),
    postalCode: z.string(),
    phone: z.string().nullable(),
    taxId: z.string().nullable(),
    isDefault: z.boolean(),
  })
  .meta({ id: "BillingAddress" });
export const addressesResponseSchema = z.object({ addresses: z.array(addressSchema) });
export const addressResponseSchema = z.object({ success: ok, address: addressSchema });
export const addressDeletedResponseSchema = z.object({ success: ok, id });

export const customerResponseSchema = z.object({ customer: z.object({ id, email: z.string().nullable(), name: z.string().nullable() }) });
const paymentMethodSchema = z
  .object({
    id,
    card: z.object({ brand: z.string(), last4: z.string(), exp_month: z.number().int(), exp_year: z.number().int() }),
    isDefault: z.boolean(),
  })
  .meta({ id: "PaymentMethod" });
export const paymentMethodsResponseSchema = z.object({ paymentMethods: z.array(paymentMethodSchema) });
export const paymentMethodAddedResponseSchema = z.object({
  success: ok,
  paymentMethod: paymentMethodSchema,
  alreadySaved: z.boolean().describe("true when this card was saved before: the saved one is answered"),
  gracePeriodEndDate: timestamp.nullable(),
});
export const paymentMethodRemovedResponseSchema = z.object({
  success: ok,
  remaining: z.number().int().min(0),
  gracePeriodEndDate: timestamp.nullable(),
});
export const subscriptionResponseSchema = z
  .object({
    success: ok,
    subscriptionId: z.string().nullable(),
    paymentIntentId: z.string().nullable(),
    error: z.string().nullable(),
    planId: z.string().describe("free, pro or unlimited"),
    status: z.string(),
    effectiveFrom: timestamp.describe("when the plan takes effect"),
  })
  .meta({ id: "SubscriptionChange" });
export const paymentIntentResponseSchema = z.object({
  clientSecret: z.string().nullable(),
  paymentIntentId: z.string(),
  status: z.string(),
  error: z.string().nullable(),
});
export const transactionsResponseSchema = z.object({
  transactions: z.array(
    z.object({
      id,
      description: z.string(),
      date: timestamp,
      amount: z.number().describe("in the currency's units (euros)"),
      currency: z.string(),
      status: z.string(),
      refunded: z.boolean(),
      receiptUrl: z.string().nullable(),
      planId: z.string().nullable(),
    }),
  ),
});

export const accountOverviewResponseSchema = z.object({
  success: ok,
  account: z.object({
    registeredAt: timestamp,
    lastLoginAt: timestamp.nullable(),
    status: z.string(),
    profileCompletion: z.number().int(),
    plan: z.string(),
    activity: z.object({
      consultations: z.number().int(),
      documents: z.number().int(),
      chatSessions: z.number().int(),
      contactMessages: z.number().int(),
      successfulLogins: z.number().int(),
      newsletterSubscribed: z.boolean(),
    }),
  }),
});

/** Rows of the export, each as stored (dates as strings); their fields are listed in the file itself. */
const exportRows = z.array(z.record(z.string(), z.unknown()));
export const accountExportResponseSchema = z.object({
  exportedAt: timestamp,
  account: z.record(z.string(), z.unknown()),
  profile: studentSchema.nullable(),
  newsletter: z.record(z.string(), z.unknown()).nullable(),
  contactMessages: exportRows,
  conversations: exportRows,
  feedback: exportRows,
  billing: z.record(z.string(), exportRows),
  serviceRequests: exportRows,
  documents: exportRows,
  universityApplications: exportRows,
  savedToolResults: exportRows,
  roadmap: z.record(z.string(), z.unknown()).nullable(),
  community: z.record(z.string(), z.unknown()),
  scholarshipBookmarks: exportRows,
  tokenUsage: exportRows,
  sessions: exportRows,
  mails: exportRows,
});

export const newsletterResponseSchema = z.object({ success: ok, message: z.string() });
export const contactResponseSchema = z.object({ success: ok, id });
export const feedbackResponseSchema = z.object({
  success: ok,
  feedback: z.object({
    id,
    messageId: z.string(),
    feedbackType: z.enum(["like", "dislike"]),
    dislikeReason: z.string().nullable(),
    createdAt: timestamp,
  }),
});
