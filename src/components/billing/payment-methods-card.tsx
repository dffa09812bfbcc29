"use client";

import { useState } from "react";
import { toast } from "sonner";
import { api } from "~/trpc/react";
import { CardForm } from "./card-form";
import { BillingCard, errorMessage, formatDate, GRACE_WARNING_MS } from "./shared";

export function graceWarning(date: Date | string) {
  return `You removed your last payment method. Your plan will be downgraded to Free on ${formatDate(date)}. Please add a payment method to keep your plan.`;
}

/**
 * Saves a card the card form produced, with the toasts of spec 8; adding a card also ends a grace
 * period, so all billing data is refreshed. Throws (after the toast) when the card is refused.
 */
export function useAddPaymentMethod() {
  const utils = api.useUtils();
  const add = api.billing.addPaymentMethod.useMutation();
  return async (paymentMethodId: string) => {
    try {
      await add.mutateAsync({ paymentMethodId });
    } catch (error) {
      toast.error(errorMessage(error, "Failed to add payment method"));
      throw error;
    }
    toast.success("Payment method added successfully!");
    await utils.billing.invalidate();
  };
}

/** Saved cards (spec 4.7): add with the card form, remove; the last removal starts the grace period. */
export function PaymentMethodsCard() {
  const utils = api.useUtils();
  const methods = api.billing.paymentMethods.useQuery({});
  const addPaymentMethod = useAddPaymentMethod();
  const remove = api.billing.removePaymentMethod.useMutation();
  const [adding, setAdding] = useState(false);

  async function onPaymentMethod(paymentMethodId: string) {
    await addPaymentMethod(paymentMethodId);
    setAdding(false);
  }

  async function onRemove(id: string) {
    try {
      const result = await remove.mutateAsync({ payment_method_id: id });
      toast.success("Payment method removed successfully!");
      if (result.remaining === 0 && result.gracePeriodEndDate) toast.warning(graceWarning(result.gracePeriodEndDate), { duration: GRACE_WARNING_MS });
      await utils.billing.invalidate();
    } catch {
      toast.error("Failed to remove payment method");
    }
  }

  return (
    <BillingCard
      title="Payment Methods"
      action={
        <button type="button" className="btn-secondary" aria-label="Add payment method" onClick={() => setAdding((value) => !value)}>
          + Add
        </button>
      }
    >
      {methods.isPending ? <p className="text-sm text-slate-500">Loading payment methods...</p> : null}
      {methods.error ? <p role="alert" className="text-sm text-red-700">Failed to load payment methods: {methods.error.message}</p> : null}
      {methods.data && methods.data.paymentMethods.length === 0 && !adding ? <p className="text-sm text-slate-500">No payment methods added</p> : null}
      <ul className="space-y-2">
        {methods.data?.paymentMethods.map((pm) => (
          <li key={pm.id} className="flex items-center justify-between gap-3 rounded-lg border border-slate-200 px-3 py-2">
            <div className="text-sm">
              <span className="font-semibold capitalize">{pm.card.brand}</span> <span className="font-mono">•••• {pm.card.last4}</span>
              <span className="ml-2 text-slate-500">
                Expires {String(pm.card.exp_month).padStart(2, "0")}/{pm.card.exp_year}
              </span>
            </div>
            <button type="button" className="text-sm font-medium text-red-700 hover:underline disabled:opacity-50" disabled={remove.isPending} onClick={() => onRemove(pm.id)} aria-label={`Remove card ending ${pm.card.last4}`}>
              Remove
            </button>
          </li>
        ))}
      </ul>
      {adding ? (
        <div className="mt-3 rounded-lg border border-slate-200 p-3">
          <CardForm submitLabel="Save card" onPaymentMethod={onPaymentMethod} onCancel={() => setAdding(false)} />
        </div>
      ) : null}
    </BillingCard>
  );
}
