"use client";

import { addDays } from "date-fns";
import { useState } from "react";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { toast } from "~/components/ui/toast";
import { useUserFormat } from "~/components/ui/user-format";
import { GRACE_PERIOD_DAYS } from "~/lib/plans";
import { api } from "~/trpc/react";
import type { SavedCard } from "./card-choice";
import { CardForm } from "./card-form";
import { BillingCard, errorMessage, type FormatDate, GRACE_WARNING_MS } from "./shared";

function graceWarning(date: Date | string, formatDate: FormatDate) {
  return `You removed your last payment method. Your plan will be downgraded to Free on ${formatDate(date)}. Please add a payment method to keep your plan.`;
}

/**
 * Saves a card the card form produced, with a toast for each outcome; adding a card also ends a grace
 * period, so all billing data is refreshed. Throws (after the toast) when the card is refused.
 */
export function useAddPaymentMethod() {
  const utils = api.useUtils();
  const add = api.billing.addPaymentMethod.useMutation();
  /** Answers the id of the saved card: the new one, or the same card saved before. */
  return async (paymentMethodId: string): Promise<string> => {
    let saved: Awaited<ReturnType<typeof add.mutateAsync>>;
    try {
      saved = await add.mutateAsync({ paymentMethodId });
    } catch (error) {
      toast.error(errorMessage(error, "Failed to add payment method"));
      throw error;
    }
    if (saved.alreadySaved) toast.info(`This card (•••• ${saved.paymentMethod.card.last4}) is already saved; it is now your default card.`);
    else toast.success("Payment method added successfully!");
    await utils.billing.invalidate();
    return saved.paymentMethod.id;
  };
}

/** What removing this card does, said before it is removed. */
function removalText(card: SavedCard, isLast: boolean, paidPlan: string | null, formatDate: FormatDate, now = new Date()) {
  const which = `the ${card.card.brand} card ending ${card.card.last4}`;
  if (isLast && paidPlan)
    return `Remove ${which}? It is your last card: your ${paidPlan} plan will end on ${formatDate(addDays(now, GRACE_PERIOD_DAYS))} unless you add another card before then.`;
  return `Remove ${which}?`;
}

/** Saved cards: add with the card form, choose the default, remove after confirmation; the last removal starts the grace period. */
export function PaymentMethodsCard() {
  const { date: formatDate } = useUserFormat();
  const utils = api.useUtils();
  const methods = api.billing.paymentMethods.useQuery({});
  const overview = api.billing.overview.useQuery();
  const addPaymentMethod = useAddPaymentMethod();
  const remove = api.billing.removePaymentMethod.useMutation();
  const makeDefault = api.billing.setDefaultPaymentMethod.useMutation();
  const [adding, setAdding] = useState(false);
  const [confirming, setConfirming] = useState<SavedCard | null>(null);
  const cards = methods.data?.paymentMethods ?? [];
  // A plan that would end: paid, and not already ending.
  const paidPlan = overview.data && overview.data.planId !== "free" && overview.data.state !== "canceling" ? overview.data.plan.name : null;

  async function onPaymentMethod(paymentMethodId: string) {
    await addPaymentMethod(paymentMethodId);
    setAdding(false);
  }

  async function onMakeDefault(id: string) {
    try {
      await makeDefault.mutateAsync({ payment_method_id: id });
      toast.success("Default card updated");
      await utils.billing.invalidate();
    } catch {
      toast.error("Failed to update the default card");
    }
  }

  async function confirmRemove() {
    if (!confirming) return;
    try {
      const result = await remove.mutateAsync({ payment_method_id: confirming.id });
      toast.success("Payment method removed successfully!");
      if (result.remaining === 0 && result.gracePeriodEndDate)
        toast.warning(graceWarning(result.gracePeriodEndDate, formatDate), { duration: GRACE_WARNING_MS });
      await utils.billing.invalidate();
    } catch {
      toast.error("Failed to remove payment method");
    } finally {
      setConfirming(null);
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
      {methods.error ? (
        <p role="alert" className="text-sm text-red-700">
          Failed to load payment methods: {methods.error.message}
        </p>
      ) : null}
      {methods.data && cards.length === 0 && !adding ? <p className="text-sm text-slate-500">No payment methods added</p> : null}
      <ul className="space-y-2">
        {cards.map((pm) => (
          <li
            key={pm.id}
            className="flex flex-col gap-2 rounded-lg border border-slate-200 px-3 py-2 sm:flex-row sm:items-center sm:justify-between"
            aria-label={`Card ending ${pm.card.last4}`}
          >
            <div className="text-sm">
              <span className="font-semibold capitalize">{pm.card.brand}</span> <span className="font-mono">•••• {pm.card.last4}</span>
              <span className="ml-2 text-slate-500">
                Expires {String(pm.card.exp_month).padStart(2, "0")}/{pm.card.exp_year}
              </span>
              {pm.isDefault ? (
                <span className="ml-2 rounded-full bg-brand-100 px-2 py-0.5 text-xs font-semibold text-brand-700">Default</span>
              ) : null}
            </div>
            <div className="flex gap-3 text-sm">
              {!pm.isDefault ? (
                <button
                  type="button"
                  className="font-medium text-brand-600 hover:underline disabled:opacity-50"
                  disabled={makeDefault.isPending}
                  onClick={() => onMakeDefault(pm.id)}
                  aria-label={`Make card ending ${pm.card.last4} the default`}
                >
                  Make default
                </button>
              ) : null}
              <button
                type="button"
                className="font-medium text-red-700 hover:underline disabled:opacity-50"
                disabled={remove.isPending}
                onClick={() => setConfirming(pm)}
                aria-label={`Remove card ending ${pm.card.last4}`}
              >
                Remove
              </button>
            </div>
          </li>
        ))}
      </ul>
      {adding ? (
        <div className="mt-3 rounded-lg border border-slate-200 p-3">
          <CardForm submitLabel="Save card" onPaymentMethod={onPaymentMethod} onCancel={() => setAdding(false)} />
        </div>
      ) : null}
      <ConfirmDialog
        open={confirming !== null}
        onCancel={() => setConfirming(null)}
        onConfirm={confirmRemove}
        title="Remove card"
        description={confirming ? removalText(confirming, cards.length === 1, paidPlan, formatDate) : ""}
        confirmLabel="Remove"
        danger
        pending={remove.isPending}
      />
    </BillingCard>
  );
}
