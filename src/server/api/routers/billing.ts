import {
  addressIdSchema,
  attachPaymentMethodSchema,
  billingAddressCreateSchema,
  changeToFreeSchema,
  createSubscriptionSchema,
  customerCreateSchema,
  customerQuerySchema,
  demoCardSchema,
  detachPaymentMethodSchema,
  paymentIntentSchema,
  receiptIdSchema,
} from "~/lib/schemas/billing";
import { getPaymentGateway } from "~/server/payments";
import * as billing from "~/server/services/billing.service";
import { createTRPCRouter, protectedProcedure, publicProcedure } from "../trpc";
import { env } from "~/env";

/** Every procedure acts on the signed-in user's own customer, cards, addresses and transactions. */
const billingProcedure = protectedProcedure.use(({ ctx, next }) =>
  next({ ctx: { deps: { db: ctx.db, actor: ctx.session, gateway: getPaymentGateway(ctx.db) } } }),
);

export const billingRouter = createTRPCRouter({
  /** Which gateway runs and the publishable key the browser needs (no secrets). */
  config: publicProcedure.query(({ ctx }) => ({
    mode: getPaymentGateway(ctx.db).mode,
    publishableKey: env.NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY ?? null,
  })),
  overview: billingProcedure.query(({ ctx }) => billing.billingOverview(ctx.deps)),
  createCustomer: billingProcedure.input(customerCreateSchema).mutation(({ ctx, input }) => billing.createCustomer(ctx.deps, input)),
  paymentMethods: billingProcedure.input(customerQuerySchema).query(({ ctx, input }) => billing.listPaymentMethods(ctx.deps, input)),
  createDemoPaymentMethod: billingProcedure.input(demoCardSchema).mutation(({ ctx, input }) => billing.createDemoPaymentMethod(ctx.deps, input)),
  addPaymentMethod: billingProcedure.input(attachPaymentMethodSchema).mutation(({ ctx, input }) => billing.addPaymentMethod(ctx.deps, input)),
  removePaymentMethod: billingProcedure.input(detachPaymentMethodSchema).mutation(({ ctx, input }) => billing.removePaymentMethod(ctx.deps, input)),
  createSubscription: billingProcedure.input(createSubscriptionSchema).mutation(({ ctx, input }) => billing.createSubscription(ctx.deps, input)),
  changeToFree: billingProcedure.input(changeToFreeSchema).mutation(({ ctx, input }) => billing.changeToFree(ctx.deps, input)),
  transactions: billingProcedure.input(customerQuerySchema).query(({ ctx, input }) => billing.listTransactions(ctx.deps, input)),
  receipt: protectedProcedure.input(receiptIdSchema).query(({ ctx, input }) => billing.getReceipt(ctx.db, ctx.session, input.id)),
  createPaymentIntent: billingProcedure.input(paymentIntentSchema).mutation(({ ctx, input }) => billing.createPaymentIntent(ctx.deps, input)),
  addresses: protectedProcedure.query(({ ctx }) => billing.listAddresses(ctx.db, ctx.session)),
  createAddress: protectedProcedure.input(billingAddressCreateSchema).mutation(({ ctx, input }) => billing.createAddress(ctx.db, ctx.session, input)),
  deleteAddress: protectedProcedure.input(addressIdSchema).mutation(({ ctx, input }) => billing.deleteAddress(ctx.db, ctx.session, input)),
  setDefaultAddress: protectedProcedure.input(addressIdSchema).mutation(({ ctx, input }) => billing.setDefaultAddress(ctx.db, ctx.session, input)),
});
