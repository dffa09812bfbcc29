import { env } from "~/env";
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
  downgradeSchema,
  paymentIntentSchema,
  planChangeSchema,
  receiptIdSchema,
} from "~/lib/schemas/billing";
import { getPaymentGateway } from "~/server/payments";
import {
  billingDefaults,
  createAddress,
  deleteAddress,
  listAddresses,
  setDefaultAddress,
} from "~/server/services/billing/addresses.service";
import {
  addPaymentMethod,
  createCustomer,
  createDemoPaymentMethod,
  listPaymentMethods,
  removePaymentMethod,
  setDefaultPaymentMethod,
} from "~/server/services/billing/customers.service";
import { billingOverview } from "~/server/services/billing/overview.service";
import { createPaymentIntent, listTransactions } from "~/server/services/billing/payments.service";
import { getReceipt } from "~/server/services/billing/receipts.service";
import {
  cancelScheduledChange,
  changeToFree,
  createSubscription,
  downgradePlan,
  previewPlanChange,
} from "~/server/services/billing/subscriptions.service";
import { createTRPCRouter, protectedProcedure, publicProcedure } from "../trpc";

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
  overview: billingProcedure.query(({ ctx }) => billingOverview(ctx.deps)),
  createCustomer: billingProcedure.input(customerCreateSchema).mutation(({ ctx, input }) => createCustomer(ctx.deps, input)),
  paymentMethods: billingProcedure.input(customerQuerySchema).query(({ ctx, input }) => listPaymentMethods(ctx.deps, input)),
  createDemoPaymentMethod: billingProcedure.input(demoCardSchema).mutation(({ ctx, input }) => createDemoPaymentMethod(ctx.deps, input)),
  addPaymentMethod: billingProcedure.input(attachPaymentMethodSchema).mutation(({ ctx, input }) => addPaymentMethod(ctx.deps, input)),
  setDefaultPaymentMethod: billingProcedure
    .input(detachPaymentMethodSchema)
    .mutation(({ ctx, input }) => setDefaultPaymentMethod(ctx.deps, input)),
  removePaymentMethod: billingProcedure.input(detachPaymentMethodSchema).mutation(({ ctx, input }) => removePaymentMethod(ctx.deps, input)),
  createSubscription: billingProcedure.input(createSubscriptionSchema).mutation(({ ctx, input }) => createSubscription(ctx.deps, input)),
  /** What a plan change charges now and next, from the code that charges it. */
  previewChange: billingProcedure.input(planChangeSchema).query(({ ctx, input }) => previewPlanChange(ctx.deps, input)),
  downgrade: billingProcedure.input(downgradeSchema).mutation(({ ctx, input }) => downgradePlan(ctx.deps, input)),
  cancelScheduledChange: billingProcedure.mutation(({ ctx }) => cancelScheduledChange(ctx.deps)),
  changeToFree: billingProcedure.input(changeToFreeSchema).mutation(({ ctx, input }) => changeToFree(ctx.deps, input)),
  transactions: billingProcedure.input(customerQuerySchema).query(({ ctx, input }) => listTransactions(ctx.deps, input)),
  receipt: protectedProcedure.input(receiptIdSchema).query(({ ctx, input }) => getReceipt(ctx.db, ctx.session, input.id)),
  createPaymentIntent: billingProcedure.input(paymentIntentSchema).mutation(({ ctx, input }) => createPaymentIntent(ctx.deps, input)),
  billingDefaults: protectedProcedure.query(({ ctx }) => billingDefaults(ctx.db, ctx.session)),
  addresses: protectedProcedure.query(({ ctx }) => listAddresses(ctx.db, ctx.session)),
  createAddress: protectedProcedure
    .input(billingAddressCreateSchema)
    .mutation(({ ctx, input }) => createAddress(ctx.db, ctx.session, input)),
  deleteAddress: protectedProcedure.input(addressIdSchema).mutation(({ ctx, input }) => deleteAddress(ctx.db, ctx.session, input)),
  setDefaultAddress: protectedProcedure.input(addressIdSchema).mutation(({ ctx, input }) => setDefaultAddress(ctx.db, ctx.session, input)),
});
