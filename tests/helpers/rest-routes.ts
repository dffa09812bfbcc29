/**
 * The table of every JSON REST route: its handler, method, path, whether it needs a session, a good
 * input (fresh per call where the route creates something) and bad inputs with the message expected.
 * Drives tests/integration/rest-routes.test.ts and the fuzz test.
 */

import fs from "node:fs";
import path from "node:path";
import * as accountExportRoute from "~/app/api/account/export/route";
import * as accountOverviewRoute from "~/app/api/account/overview/route";
import * as signupRoute from "~/app/api/auth/signup/route";
import * as addressRoute from "~/app/api/billing-addresses/[id]/route";
import * as addressesRoute from "~/app/api/billing-addresses/route";
import * as contactRoute from "~/app/api/contact/route";
import * as citiesRoute from "~/app/api/data/cities/route";
import * as feedbackRoute from "~/app/api/feedback/route";
import * as newsletterRoute from "~/app/api/newsletter/route";
import * as randomPromptsRoute from "~/app/api/settings/random/route";
import * as createSubscriptionRoute from "~/app/api/stripe/create-subscription/route";
import * as customersRoute from "~/app/api/stripe/customers/route";
import * as paymentIntentsRoute from "~/app/api/stripe/payment-intents/route";
import * as paymentMethodsRoute from "~/app/api/stripe/payment-methods/route";
import * as subscriptionsRoute from "~/app/api/stripe/subscriptions/route";
import * as transactionsRoute from "~/app/api/stripe/transactions/route";
import * as studentsMeRoute from "~/app/api/students/me/route";
import * as studentsRoute from "~/app/api/students/route";
import * as threadsRoute from "~/app/api/threads/route";
import * as usersMeRoute from "~/app/api/users/me/route";
import type { Db } from "~/server/db/client";
import { demoGateway } from "~/server/payments";
import type { SessionClaims } from "~/server/services/sessions.service";
import { failRenewal } from "./billing";
import type { RouteHandler } from "./rest";
import { callerFor } from "./session";

interface GoodInput {
  body?: unknown;
  query?: Record<string, string>;
  params?: Record<string, string>;
}

export interface RouteCase {
  name: string;
  handler: RouteHandler;
  method: string;
  path: string;
  auth: boolean;
  /** A valid request body or query; a fresh one per call where the route creates something. */
  good?: () => GoodInput | Promise<GoodInput>;
  goodStatus: number;
  /** Bodies that must be refused with 400, and the message expected. */
  bad?: { body?: unknown; query?: Record<string, string>; error: RegExp }[];
  hasBody: boolean;
  params?: Record<string, string>;
  headers?: Record<string, string>;
}

/** The signed-in user the good inputs act for, and their database. */
export interface RouteActor {
  db: Db;
  claims: SessionClaims;
}

/** The routes, for the user `actor()` answers at call time (the table is built before the user exists). */
export function restRoutes(actor: () => RouteActor): RouteCase[] {
  let unique = 0;
  /** A demo-gateway card token, as the checkout's card form creates one. */
  const testCard = (number = "4242424242424242") =>
    demoGateway(actor().db)!.tokenizeTestCard({
      number,
      expMonth: 12,
      expYear: new Date().getFullYear() + 3,
      cvc: "123",
    });
  const newAddress = () => ({
    name: "Ana Lima",
    email: "ana@example.com",
    country: "DE",
    addressLine1: "Hauptstr. 1",
    city: "Berlin",
    postalCode: "10115",
  });
  const addressId = async () => (await callerFor(actor().db, actor().claims).billing.createAddress(newAddress())).address.id;
  return [
    {
      name: "POST /api/auth/signup",
      handler: signupRoute.POST as RouteHandler,
      method: "POST",
      path: "/api/auth/signup",
      auth: false,
      good: () => ({
        body: { firstName: "Lena", lastName: "Koch", email: `lena${++unique}@example.com`, password: "long-enough-1" },
      }),
      goodStatus: 201,
      bad: [
        { body: { firstName: "Lena", lastName: "Koch", email: "lena@example.com" }, error: /^Password is required$/ },
        {
          body: { firstName: "Lena", lastName: "Koch", email: "lena@example.com", password: 12345678 },
          error: /password/i,
        },
        {
          body: { firstName: "Lena", lastName: "Koch", email: "not-an-email", password: "long-enough-1" },
          error: /^Please enter a valid email address$/,
        },
        {
          body: { firstName: "Lena", lastName: "Koch", email: "lena@example.com", password: "short" },
          error: /^Password must be at least 8 characters long$/,
        },
        {
          body: { firstName: "  ", lastName: "Koch", email: "lena@example.com", password: "long-enough-1" },
          error: /^First name is required$/,
        },
      ],
      hasBody: true,
    },
    {
      name: "GET /api/users/me",
      handler: usersMeRoute.GET as RouteHandler,
      method: "GET",
      path: "/api/users/me",
      auth: true,
      goodStatus: 200,
      hasBody: false,
    },
    {
      name: "GET /api/students/me",
      handler: studentsMeRoute.GET as RouteHandler,
      method: "GET",
      path: "/api/students/me",
      auth: true,
      goodStatus: 200,
      hasBody: false,
    },
    {
      name: "PATCH /api/students/me",
      handler: studentsMeRoute.PATCH as RouteHandler,
      method: "PATCH",
      path: "/api/students/me",
      auth: true,
      good: () => ({ body: { phone: "+49 30 123456", gender: "female" } }),
      goodStatus: 200,
      bad: [
        { body: {}, error: /^Nothing to update/ },
        { body: { gender: "robot" }, error: /Gender must be male, female, other or prefer_not_to_say/ },
        { body: { firstName: 42 }, error: /First name must be text/ },
        { body: { dateOfBirth: "2999-01-01" }, error: /cannot be in the future/ },
        { body: { stripeCustomerId: "cus_123" }, error: /stripeCustomerId is managed by the server/ },
        { body: { membershipPlan: "unlimited" }, error: /membershipPlan is managed by the server/ },
        { body: [1, 2, 3], error: /Expected a JSON object/ },
      ],
      hasBody: true,
    },
    {
      name: "POST /api/students",
      handler: studentsRoute.POST as RouteHandler,
      method: "POST",
      path: "/api/students",
      auth: true,
      good: () => ({ body: { firstName: "Ana", lastName: "Lima" } }),
      goodStatus: 409, // signup already created the profile: POST is only for accounts without one
      bad: [
        {
          body: { firstName: "Ana", lastName: "Lima", gracePeriodEndDate: null },
          error: /gracePeriodEndDate is managed by the server/,
        },
      ],
      hasBody: true,
    },
    {
      name: "GET /api/threads",
      handler: threadsRoute.GET as RouteHandler,
      method: "GET",
      path: "/api/threads",
      auth: false,
      goodStatus: 200,
      hasBody: false,
    },
    {
      name: "GET /api/settings/random",
      handler: randomPromptsRoute.GET as RouteHandler,
      method: "GET",
      path: "/api/settings/random",
      auth: false,
      good: () => ({ query: { count: "5" } }),
      goodStatus: 200,
      bad: [{ query: { count: "lots" }, error: /count/ }],
      hasBody: false,
    },
    {
      name: "GET /api/data/cities",
      handler: citiesRoute.GET as RouteHandler,
      method: "GET",
      path: "/api/data/cities",
      auth: false,
      good: () => ({ query: { country: "DE" } }),
      goodStatus: 200,
      bad: [{ query: { country: "x" }, error: /country/ }],
      hasBody: false,
    },
    {
      name: "GET /api/billing-addresses",
      handler: addressesRoute.GET as RouteHandler,
      method: "GET",
      path: "/api/billing-addresses",
      auth: true,
      goodStatus: 200,
      hasBody: false,
    },
    {
      name: "POST /api/billing-addresses",
      handler: addressesRoute.POST as RouteHandler,
      method: "POST",
      path: "/api/billing-addresses",
      auth: true,
      good: () => ({ body: newAddress() }),
      goodStatus: 201,
      bad: [
        { body: { ...newAddress(), city: " " }, error: /^City is required$/ },
        { body: { ...newAddress(), country: "Germany" }, error: /two-letter country code/ },
      ],
      hasBody: true,
    },
    {
      name: "PATCH /api/billing-addresses/{id}",
      handler: addressRoute.PATCH as RouteHandler,
      method: "PATCH",
      path: "/api/billing-addresses/x",
      auth: true,
      good: async () => ({ params: { id: await addressId() } }),
      goodStatus: 200,
      hasBody: false,
    },
    {
      name: "DELETE /api/billing-addresses/{id}",
      handler: addressRoute.DELETE as RouteHandler,
      method: "DELETE",
      path: "/api/billing-addresses/x",
      auth: true,
      good: async () => ({ params: { id: await addressId() } }),
      goodStatus: 200,
      hasBody: false,
    },
    {
      name: "POST /api/stripe/customers",
      handler: customersRoute.POST as RouteHandler,
      method: "POST",
      path: "/api/stripe/customers",
      auth: true,
      good: () => ({ body: { email: "ana@example.com", name: "Ana Lima" } }),
      goodStatus: 200,
      bad: [{ body: { email: "ana", name: "Ana" }, error: /^Please enter a valid email address$/ }],
      hasBody: true,
    },
    {
      name: "POST /api/stripe/payment-methods",
      handler: paymentMethodsRoute.POST as RouteHandler,
      method: "POST",
      path: "/api/stripe/payment-methods",
      auth: true,
      good: async () => ({ body: { paymentMethodId: await testCard() } }),
      goodStatus: 200,
      bad: [{ body: {}, error: /^paymentMethodId is required$/ }],
      hasBody: true,
    },
    {
      name: "GET /api/stripe/payment-methods",
      handler: paymentMethodsRoute.GET as RouteHandler,
      method: "GET",
      path: "/api/stripe/payment-methods",
      auth: true,
      goodStatus: 200,
      hasBody: false,
    },
    {
      name: "DELETE /api/stripe/payment-methods",
      handler: paymentMethodsRoute.DELETE as RouteHandler,
      method: "DELETE",
      path: "/api/stripe/payment-methods",
      auth: true,
      good: async () => {
        const paymentMethodId = await testCard("5555555555554444");
        await callerFor(actor().db, actor().claims).billing.addPaymentMethod({ paymentMethodId });
        return { query: { payment_method_id: paymentMethodId } };
      },
      goodStatus: 200,
      bad: [{ query: {}, error: /^payment_method_id is required$/ }],
      hasBody: false,
    },
    {
      name: "POST /api/stripe/create-subscription",
      handler: createSubscriptionRoute.POST as RouteHandler,
      method: "POST",
      path: "/api/stripe/create-subscription",
      auth: true,
      good: async () => ({
        body: {
          paymentMethodId: await testCard(),
          planId: "pro",
          customerEmail: "ana@example.com",
          customerName: "Ana Lima",
        },
      }),
      goodStatus: 200,
      bad: [
        {
          body: {
            paymentMethodId: "pm_x",
            planId: "pro",
            customerEmail: "ana@example.com",
            customerName: "Ana",
            priceId: "price_chosen_by_client",
          },
          error: /price/i,
        },
        {
          body: { paymentMethodId: "pm_x", planId: "gold", customerEmail: "ana@example.com", customerName: "Ana" },
          error: /^planId must be pro or unlimited$/,
        },
      ],
      hasBody: true,
    },
    {
      name: "POST /api/stripe/payment-intents",
      handler: paymentIntentsRoute.POST as RouteHandler,
      method: "POST",
      path: "/api/stripe/payment-intents",
      auth: true,
      good: async () => {
        await failRenewal(actor().db, actor().claims); // the Pro subscription above: its renewal is owed
        // The same test number saved again is the card already saved (one copy per card): pay with that one.
        const { paymentMethod } = await callerFor(actor().db, actor().claims).billing.addPaymentMethod({
          paymentMethodId: await testCard(),
        });
        return {
          body: { amount: 999, currency: "eur", paymentMethodId: paymentMethod.id, description: "Pro renewal" },
        };
      },
      goodStatus: 200,
      bad: [
        { body: { amount: 1, currency: "eur", paymentMethodId: "pm_x" }, error: /amount/i },
        { body: { amount: 999, currency: "usd", paymentMethodId: "pm_x" }, error: /^currency must be eur$/ },
      ],
      hasBody: true,
    },
    {
      name: "GET /api/stripe/transactions",
      handler: transactionsRoute.GET as RouteHandler,
      method: "GET",
      path: "/api/stripe/transactions",
      auth: true,
      goodStatus: 200,
      hasBody: false,
    },
    {
      name: "POST /api/stripe/subscriptions",
      handler: subscriptionsRoute.POST as RouteHandler,
      method: "POST",
      path: "/api/stripe/subscriptions",
      auth: true,
      good: () => ({ body: { planId: "free" } }),
      goodStatus: 200,
      bad: [{ body: { planId: "gold" }, error: /^planId must be free, pro or unlimited$/ }],
      hasBody: true,
    },
    {
      name: "GET /api/account/overview",
      handler: accountOverviewRoute.GET as RouteHandler,
      method: "GET",
      path: "/api/account/overview",
      auth: true,
      goodStatus: 200,
      hasBody: false,
    },
    {
      name: "GET /api/account/export",
      handler: accountExportRoute.GET as RouteHandler,
      method: "GET",
      path: "/api/account/export",
      auth: true,
      goodStatus: 200,
      hasBody: false,
    },
    {
      name: "POST /api/newsletter",
      handler: newsletterRoute.POST as RouteHandler,
      method: "POST",
      path: "/api/newsletter",
      auth: false,
      good: () => ({ body: { email: `reader${++unique}@example.com` } }),
      goodStatus: 200,
      bad: [
        { body: { email: "" }, error: /^Please enter your email address$/ },
        { body: { email: "reader@nowhere" }, error: /^Please enter a valid email address$/ },
      ],
      hasBody: true,
    },
    {
      name: "POST /api/contact",
      handler: contactRoute.POST as RouteHandler,
      method: "POST",
      path: "/api/contact",
      auth: false,
      good: () => ({
        body: {
          name: "Ana",
          email: "ana@example.com",
          subject: "General question",
          message: "When does the winter semester start?",
        },
      }),
      goodStatus: 201,
      bad: [
        {
          body: { name: "Ana", email: "ana@example.com", subject: "General question", message: "Hi" },
          error: /^Please write at least 10 characters$/,
        },
      ],
      hasBody: true,
    },
    {
      name: "POST /api/feedback",
      handler: feedbackRoute.POST as RouteHandler,
      method: "POST",
      path: "/api/feedback",
      auth: false,
      headers: { "x-session-id": "session-1234abcd" },
      good: () => ({
        body: {
          userId: "anonymous",
          messageId: `m-${++unique}`,
          feedbackType: "dislike",
          messageContent: "The fee is 75 EUR.",
          chatModel: "openai",
          dislikeReason: "Not factually correct",
          messageOrder: 2,
          ragEnabled: true,
          confidenceScore: 0.82,
          sourcesCount: 3,
        },
      }),
      goodStatus: 201,
      bad: [
        {
          body: { messageId: "m", feedbackType: "meh", messageContent: "x", chatModel: "openai" },
          error: /^feedbackType must be 'like' or 'dislike'$/,
        },
        {
          body: { messageId: "m", feedbackType: "like", messageContent: "x", chatModel: "openai", userId: "user-42" },
          error: /^userId must be 'anonymous'$/,
        },
      ],
      hasBody: true,
    },
  ];
}

function routeFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? routeFiles(full) : entry.name === "route.ts" ? [full] : [];
  });
}

/** Every route the app serves under /api, read from src/app/api: "METHOD /api/path", `[id]` written `{id}`. */
export function servedRoutes(): string[] {
  return routeFiles(path.join("src", "app", "api")).flatMap((file) => {
    const source = fs.readFileSync(file, "utf8");
    const routePath = `/${path
      .dirname(path.relative(path.join("src", "app"), file))
      .split(path.sep)
      .join("/")}`;
    const methods = new Set<string>();
    for (const match of source.matchAll(/export const (GET|POST|PUT|PATCH|DELETE)\b/g)) methods.add(match[1]!);
    for (const match of source.matchAll(/as (GET|POST|PUT|PATCH|DELETE)\b/g)) methods.add(match[1]!);
    return [...methods].map((method) => `${method} ${routePath.replace(/\[id\]/, "{id}")}`);
  });
}
