/**
 * The REST API described: each literal path under /api with its method, access, input and answers.
 * Inputs are the tRPC procedures' own zod schemas (read from the router), answers the schemas of
 * src/lib/schemas/rest-responses.ts, checked against each procedure's result type at compile time.
 * The OpenAPI document (/api/openapi.json) is generated from this table.
 */
import type { inferRouterOutputs } from "@trpc/server";
import { z } from "zod";
import { chatRequestSchema } from "~/lib/schemas/chat";
import {
  accountExportResponseSchema,
  accountOverviewResponseSchema,
  addressDeletedResponseSchema,
  addressesResponseSchema,
  addressResponseSchema,
  citiesResponseSchema,
  contactResponseSchema,
  customerResponseSchema,
  feedbackResponseSchema,
  newsletterResponseSchema,
  paymentIntentResponseSchema,
  paymentMethodAddedResponseSchema,
  paymentMethodRemovedResponseSchema,
  paymentMethodsResponseSchema,
  promptsResponseSchema,
  signupResponseSchema,
  studentResponseSchema,
  subscriptionResponseSchema,
  threadsResponseSchema,
  transactionsResponseSchema,
  userResponseSchema,
} from "~/lib/schemas/rest-responses";
import type { AppRouter } from "~/server/api/root";
import type { DocumentDto } from "~/server/services/documents/documents.service";

type Outputs = inferRouterOutputs<AppRouter>;

/** What JSON.stringify makes of a value: dates become ISO strings. */
type Json<T> = T extends Date
  ? string
  : T extends readonly (infer Item)[]
    ? Json<Item>[]
    : T extends object
      ? { [Key in keyof T]: Json<T[Key]> }
      : T;

/**
 * The schema of a route's answer, which must accept what the route answers (`Body`, as JSON): a
 * procedure whose result drifts from its schema does not compile.
 */
const answers =
  <Body>() =>
  <Schema extends z.ZodType>(
    schema: Schema & (Json<Body> extends z.input<Schema> ? unknown : "the route's answer does not fit this schema"),
  ) =>
    schema as Schema;

export type Access = "public" | "optional-session" | "session" | "metrics-token" | "stripe-signature";

export interface RestOperation {
  method: "GET" | "POST" | "PATCH" | "DELETE";
  /** The path as OpenAPI writes it: `{id}` for a path parameter. */
  path: string;
  summary: string;
  description?: string;
  tag: string;
  access: Access;
  /** The tRPC procedure the route calls: its input schema is the request's. */
  procedure?: string;
  /** Where the procedure's input comes from. */
  input?: "body" | "query" | "path";
  /** Input fields the route fills itself (not sent by the client). */
  filled?: string[];
  /** A request body of a route without a procedure. */
  body?: { contentType: string; schema: z.ZodType };
  /** Query parameters of a route without a procedure. */
  query?: z.ZodObject;
  headers?: { name: string; required: boolean; description: string }[];
  status: number;
  /** The JSON answer's schema. */
  output?: z.ZodType;
  /** A success answer that is not JSON: its content type and what it holds. */
  file?: { contentType: string; description: string };
  /** Error statuses beyond the ones access and input bring (401, 400, 413, 415), each answered as `ApiError`. */
  errors?: number[];
  /** Answers of another shape than `ApiError`. */
  otherAnswers?: { status: number; description: string; schema: z.ZodType }[];
}

const documentResponse = z.object({
  success: z.literal(true),
  document: z.looseObject({
    id: z.string(),
    name: z.string(),
    versions: z.array(
      z.object({
        version: z.number().int().min(1),
        fileName: z.string(),
        mimeType: z.string(),
        sizeBytes: z.number().int(),
        createdAt: z.iso.datetime(),
        downloadUrl: z.string(),
      }),
    ),
    sizeBytes: z.number().int().describe("all versions together"),
  }),
});
const uploadBody = (withName: boolean) => ({
  contentType: "multipart/form-data",
  schema: z.object({
    file: z.string().meta({ contentMediaType: "application/octet-stream", description: "PDF, JPEG, PNG or Word (.docx)" }),
    ...(withName ? { name: z.string().max(200).optional().describe("The document's name (default: the file's)") } : {}),
  }),
});
const healthSchema = z.object({ status: z.string() }).catchall(z.unknown());

export const REST_OPERATIONS: RestOperation[] = [
  {
    method: "POST",
    path: "/api/auth/signup",
    tag: "Account",
    summary: "Create an account",
    description: "Mails a link to verify the email address. 409 when the email is taken.",
    access: "public",
    procedure: "auth.signup",
    input: "body",
    status: 201,
    output: answers<{ success: true; user: Outputs["auth"]["signup"] }>()(signupResponseSchema),
    errors: [409, 429],
  },
  {
    method: "GET",
    path: "/api/auth/csrf",
    tag: "Account",
    summary: "A CSRF token for the sign-in form",
    access: "public",
    status: 200,
    output: z.object({ csrfToken: z.string() }),
  },
  {
    method: "POST",
    path: "/api/auth/callback/credentials",
    tag: "Account",
    summary: "Sign in with email and password",
    description:
      "Sets the session cookie. With `json=true` the answer is `{ url }` instead of a redirect; a wrong password leads to a URL with `error`. Failed sign-ins are throttled per account and per address: 429 with Retry-After.",
    access: "public",
    body: {
      contentType: "application/x-www-form-urlencoded",
      schema: z.object({
        csrfToken: z.string().describe("From GET /api/auth/csrf (its cookie must be sent too)"),
        email: z.string(),
        password: z.string(),
        code: z.string().optional().describe("The two-factor code or a recovery code, when two-factor sign-in is on"),
        json: z.literal("true").optional(),
      }),
    },
    status: 200,
    output: z.object({ url: z.string() }),
    errors: [429],
  },
  {
    method: "GET",
    path: "/api/users/me",
    tag: "Account",
    summary: "The signed-in user",
    access: "session",
    procedure: "users.me",
    status: 200,
    output: answers<{ success: true; user: Outputs["users"]["me"] }>()(userResponseSchema),
  },
  {
    method: "GET",
    path: "/api/students/me",
    tag: "Profile",
    summary: "The signed-in user's student profile",
    access: "session",
    procedure: "students.me",
    status: 200,
    output: answers<{ success: true; student: Outputs["students"]["me"] }>()(studentResponseSchema),
    errors: [404],
  },
  {
    method: "PATCH",
    path: "/api/students/me",
    tag: "Profile",
    summary: "Change profile or settings fields",
    description: "Only the fields sent change. Fields the server manages (billing, plan) are refused with 400.",
    access: "session",
    procedure: "students.updateMe",
    input: "body",
    status: 200,
    output: answers<{ success: true; student: Outputs["students"]["updateMe"] }>()(studentResponseSchema),
    errors: [404],
  },
  {
    method: "POST",
    path: "/api/students",
    tag: "Profile",
    summary: "Create the student profile of an account without one",
    description: "Signup creates the profile, so this answers 409 for most accounts. The email is always the account's.",
    access: "session",
    procedure: "students.create",
    input: "body",
    status: 201,
    output: answers<{ success: true; student: Outputs["students"]["create"] }>()(studentResponseSchema),
    errors: [409],
  },
  {
    method: "GET",
    path: "/api/threads",
    tag: "Content",
    summary: "Topic threads with their starter questions",
    access: "public",
    procedure: "content.threads",
    status: 200,
    output: answers<Outputs["content"]["threads"]>()(threadsResponseSchema),
  },
  {
    method: "GET",
    path: "/api/settings/random",
    tag: "Content",
    summary: "Random starter prompts",
    access: "public",
    procedure: "content.randomPrompts",
    input: "query",
    status: 200,
    output: answers<Outputs["content"]["randomPrompts"]>()(promptsResponseSchema),
  },
  {
    method: "GET",
    path: "/api/data/cities",
    tag: "Content",
    summary: "Cities, of one country or of all",
    description: "Reference data: cacheable for a day.",
    access: "public",
    procedure: "content.cities",
    input: "query",
    status: 200,
    output: answers<Outputs["content"]["cities"]>()(citiesResponseSchema),
  },
  {
    method: "GET",
    path: "/api/billing-addresses",
    tag: "Billing",
    summary: "The signed-in user's billing addresses",
    access: "session",
    procedure: "billing.addresses",
    status: 200,
    output: answers<Outputs["billing"]["addresses"]>()(addressesResponseSchema),
  },
  {
    method: "POST",
    path: "/api/billing-addresses",
    tag: "Billing",
    summary: "Add a billing address",
    access: "session",
    procedure: "billing.createAddress",
    input: "body",
    status: 201,
    output: answers<Outputs["billing"]["createAddress"]>()(addressResponseSchema),
  },
  {
    method: "PATCH",
    path: "/api/billing-addresses/{id}",
    tag: "Billing",
    summary: "Make this billing address the default",
    description: "No body. Another user's address answers 404.",
    access: "session",
    procedure: "billing.setDefaultAddress",
    input: "path",
    status: 200,
    output: answers<Outputs["billing"]["setDefaultAddress"]>()(addressResponseSchema),
    errors: [404],
  },
  {
    method: "DELETE",
    path: "/api/billing-addresses/{id}",
    tag: "Billing",
    summary: "Delete a billing address",
    description: "Another user's address answers 404.",
    access: "session",
    procedure: "billing.deleteAddress",
    input: "path",
    status: 200,
    output: answers<Outputs["billing"]["deleteAddress"]>()(addressDeletedResponseSchema),
    errors: [404],
  },
  {
    method: "POST",
    path: "/api/stripe/customers",
    tag: "Billing",
    summary: "Create (or answer) the signed-in user's payment customer",
    access: "session",
    procedure: "billing.createCustomer",
    input: "body",
    status: 200,
    output: answers<Outputs["billing"]["createCustomer"]>()(customerResponseSchema),
  },
  {
    method: "GET",
    path: "/api/stripe/payment-methods",
    tag: "Billing",
    summary: "The signed-in user's saved cards",
    access: "session",
    procedure: "billing.paymentMethods",
    input: "query",
    status: 200,
    output: answers<Outputs["billing"]["paymentMethods"]>()(paymentMethodsResponseSchema),
  },
  {
    method: "POST",
    path: "/api/stripe/payment-methods",
    tag: "Billing",
    summary: "Save a card (a payment method id from the payment form)",
    access: "session",
    procedure: "billing.addPaymentMethod",
    input: "body",
    status: 200,
    output: answers<Outputs["billing"]["addPaymentMethod"]>()(paymentMethodAddedResponseSchema),
    errors: [402, 404],
  },
  {
    method: "DELETE",
    path: "/api/stripe/payment-methods",
    tag: "Billing",
    summary: "Remove a saved card",
    description: "Another user's card answers 404.",
    access: "session",
    procedure: "billing.removePaymentMethod",
    input: "query",
    status: 200,
    output: answers<Outputs["billing"]["removePaymentMethod"]>()(paymentMethodRemovedResponseSchema),
    errors: [404],
  },
  {
    method: "POST",
    path: "/api/stripe/create-subscription",
    tag: "Billing",
    summary: "Subscribe to Pro or Unlimited",
    description: "The price is decided by the server from the plan.",
    access: "session",
    procedure: "billing.createSubscription",
    input: "body",
    status: 200,
    output: answers<Outputs["billing"]["createSubscription"]>()(subscriptionResponseSchema),
    errors: [402, 404, 409],
  },
  {
    method: "POST",
    path: "/api/stripe/payment-intents",
    tag: "Billing",
    summary: "Pay an unpaid renewal",
    description: "409 when nothing is owed, 400 unless the amount equals what is owed, 402 when the card is declined.",
    access: "session",
    procedure: "billing.createPaymentIntent",
    input: "body",
    status: 200,
    output: answers<Outputs["billing"]["createPaymentIntent"]>()(paymentIntentResponseSchema),
    errors: [402, 404, 409],
  },
  {
    method: "GET",
    path: "/api/stripe/transactions",
    tag: "Billing",
    summary: "The signed-in user's payments",
    access: "session",
    procedure: "billing.transactions",
    input: "query",
    status: 200,
    output: answers<Outputs["billing"]["transactions"]>()(transactionsResponseSchema),
  },
  {
    method: "POST",
    path: "/api/stripe/subscriptions",
    tag: "Billing",
    summary: "Change to the Free plan at the end of the paid period",
    access: "session",
    procedure: "billing.changeToFree",
    input: "body",
    status: 200,
    output: answers<Outputs["billing"]["changeToFree"]>()(subscriptionResponseSchema),
    errors: [404, 409],
  },
  {
    method: "GET",
    path: "/api/billing/receipts",
    tag: "Billing",
    summary: "Receipts as one PDF (a page each), or one receipt",
    access: "session",
    query: z.object({ id: z.string().optional().describe("A transaction id; default: all receipts") }),
    status: 200,
    file: { contentType: "application/pdf", description: "The receipts, as an attachment" },
    errors: [404],
  },
  {
    method: "GET",
    path: "/api/account/overview",
    tag: "Account",
    summary: "The account tab's figures",
    access: "session",
    procedure: "account.overview",
    status: 200,
    output: answers<{ success: true; account: Outputs["account"]["overview"] }>()(accountOverviewResponseSchema),
  },
  {
    method: "GET",
    path: "/api/account/export",
    tag: "Account",
    summary: "Everything stored about the signed-in user, as a JSON download",
    access: "session",
    procedure: "account.export",
    status: 200,
    output: answers<Outputs["account"]["export"]>()(accountExportResponseSchema),
  },
  {
    method: "GET",
    path: "/api/roadmap/calendar.ics",
    tag: "Roadmap",
    summary: "The roadmap's steps as an iCalendar file",
    access: "session",
    procedure: "roadmap.calendar",
    status: 200,
    file: { contentType: "text/calendar", description: "The roadmap's dated steps, as an attachment" },
    errors: [404],
  },
  {
    method: "POST",
    path: "/api/newsletter",
    tag: "Site",
    summary: "Subscribe to the newsletter (confirmed by a mailed link)",
    access: "public",
    procedure: "site.subscribeNewsletter",
    input: "body",
    status: 200,
    output: answers<Outputs["site"]["subscribeNewsletter"]>()(newsletterResponseSchema),
    errors: [429],
  },
  {
    method: "POST",
    path: "/api/contact",
    tag: "Site",
    summary: "Send a message to the team",
    access: "optional-session",
    procedure: "site.sendContactMessage",
    input: "body",
    status: 201,
    output: answers<Outputs["site"]["sendContactMessage"]>()(contactResponseSchema),
    errors: [429],
  },
  {
    method: "POST",
    path: "/api/feedback",
    tag: "Assistant",
    summary: "Like or dislike an answer of the assistant",
    description:
      "An opinion is changed only by the account, or the signed-out browser session, that gave it; an answer in a stored conversation is rated only by its owner (404 otherwise).",
    access: "optional-session",
    procedure: "chat.feedback",
    input: "body",
    filled: ["sessionId"],
    headers: [{ name: "x-session-id", required: false, description: "The signed-out browser session that received the answer" }],
    status: 201,
    output: answers<{ success: true; feedback: Outputs["chat"]["feedback"] }>()(feedbackResponseSchema),
    errors: [404, 429],
  },
  ...(["/api/chat", "/api/chat-rag"] as const).map(
    (path): RestOperation => ({
      method: "POST",
      path,
      tag: "Assistant",
      summary:
        path === "/api/chat"
          ? "Ask the assistant (streamed answer)"
          : "Ask the assistant with Deep Thinking (answer grounded in the knowledge base)",
      description:
        "Streams AI SDK UI message parts (server-sent events). Signed-out callers use the x-session-id header; 429 at the token limit." +
        (path === "/api/chat-rag" ? " The answer's headers carry x-confidence-score and x-sources-count." : ""),
      access: "optional-session",
      body: { contentType: "application/json", schema: chatRequestSchema },
      headers: [{ name: "x-session-id", required: false, description: "The signed-out browser session" }],
      status: 200,
      file: { contentType: "text/event-stream", description: "The answer, streamed as UI message parts" },
      errors: [413, 429],
    }),
  ),
  {
    method: "POST",
    path: "/api/documents",
    tag: "Documents",
    summary: "Upload a new document",
    description: "413 past the size limit, 415 when the bytes are not PDF, JPEG, PNG or Word (.docx), 409 past the quota.",
    access: "session",
    body: uploadBody(true),
    status: 201,
    output: answers<{ success: true; document: DocumentDto }>()(documentResponse),
    errors: [409, 413, 415, 429],
  },
  {
    method: "POST",
    path: "/api/documents/{id}/versions",
    tag: "Documents",
    summary: "Upload the next version of a document",
    access: "session",
    body: uploadBody(false),
    status: 201,
    output: answers<{ success: true; document: DocumentDto }>()(documentResponse),
    errors: [404, 409, 413, 415, 429],
  },
  {
    method: "GET",
    path: "/api/documents/{id}/download",
    tag: "Documents",
    summary: "Download a document's newest version, or one version",
    description: "404 to anyone but the owner, staff with backoffice:services or support, and the coach of a request that shares it.",
    access: "session",
    query: z.object({ version: z.string().regex(/^\d+$/).optional().describe("A version number; default: the newest") }),
    status: 200,
    file: { contentType: "application/octet-stream", description: "The file, as an attachment with its detected type" },
    errors: [404],
  },
  {
    method: "POST",
    path: "/api/stripe/webhook",
    tag: "Billing",
    summary: "Stripe's events (signed by Stripe)",
    access: "stripe-signature",
    errors: [404, 413],
    headers: [{ name: "stripe-signature", required: true, description: "Stripe's signature of the body" }],
    body: { contentType: "application/json", schema: z.looseObject({ id: z.string(), type: z.string() }) },
    status: 200,
    output: z.looseObject({ received: z.boolean() }),
  },
  {
    method: "GET",
    path: "/api/health",
    tag: "Operations",
    summary: "Liveness: the process serves (no database call)",
    access: "public",
    status: 200,
    output: healthSchema,
  },
  {
    method: "GET",
    path: "/api/health/ready",
    tag: "Operations",
    summary: "Readiness: the database answers within 2 s and every migration is applied",
    access: "public",
    status: 200,
    output: healthSchema,
    otherAnswers: [{ status: 503, description: "Not ready: the reason, and the pending migrations if any", schema: healthSchema }],
  },
  {
    method: "GET",
    path: "/api/metrics",
    tag: "Operations",
    summary: "Prometheus metrics",
    description: "404 while METRICS_TOKEN is unset.",
    access: "metrics-token",
    status: 200,
    file: { contentType: "text/plain", description: "Prometheus' text format" },
    errors: [404],
  },
  {
    method: "GET",
    path: "/api/openapi.json",
    tag: "Operations",
    summary: "This description of the REST API (OpenAPI 3.1)",
    access: "public",
    status: 200,
    file: { contentType: "application/json", description: "The OpenAPI document" },
  },
];
