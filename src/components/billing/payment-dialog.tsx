"use client";

import { useEffect, useState } from "react";
import { toast } from "sonner";
import { Modal } from "~/components/modal";
import { formatEuros } from "~/lib/plans";
import { api } from "~/trpc/react";
import { CardForm, loadStripeOnce } from "./card-form";
import { useAddPaymentMethod } from "./payment-methods-card";
import { DemoModeBanner, errorMessage, useBillingConfig } from "./shared";

type Step = "idle" | "processing" | "success";
const NEW_CARD = "new";

/** The answer of POST /api/stripe/payment-intents. */
interface PaymentIntentAnswer {
  clientSecret?: string | null;
  paymentIntentId?: string;
  status?: string;
  error?: string | null;
}

function parseJson(text: string): PaymentIntentAnswer | null {
  try {
    return JSON.parse(text) as PaymentIntentAnswer;
  } catch {
    return null;
  }
}

/**
 * The payment dialog (spec 4.5): pays what a failed renewal owes with a saved or a new card through
 * POST /api/stripe/payment-intents. idle -> processing -> success (reports the payment intent id), or
 * an error toast, or a warning toast when the payment ends in another status.
 */
export function PaymentDialog({
  open,
  onOpenChange,
  amountCents,
  description,
  customerId,
  onSuccess,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  amountCents: number;
  description: string;
  customerId: string | null;
  onSuccess: (paymentIntentId: string) => void;
}) {
  const config = useBillingConfig();
  const methods = api.billing.paymentMethods.useQuery({}, { enabled: open });
  const addPaymentMethod = useAddPaymentMethod();
  const [step, setStep] = useState<Step>("idle");
  const [cardId, setCardId] = useState<string | null>(null);
  const [paymentIntentId, setPaymentIntentId] = useState<string | null>(null);
  const cards = methods.data?.paymentMethods ?? [];

  useEffect(() => {
    if (!open) return;
    setStep("idle");
    setPaymentIntentId(null);
  }, [open]);

  // The newest card (the default) is chosen until the user picks another one.
  useEffect(() => {
    if (cardId === NEW_CARD || cards.some((card) => card.id === cardId)) return;
    setCardId(cards[0]?.id ?? (methods.data ? NEW_CARD : null));
  }, [cards, cardId, methods.data]);

  async function onNewCard(paymentMethodId: string) {
    await addPaymentMethod(paymentMethodId);
    setCardId(paymentMethodId);
  }

  async function confirmWithStripe(clientSecret: string): Promise<string | null> {
    const key = config.data?.publishableKey;
    const stripe = key ? await loadStripeOnce(key) : null;
    if (!stripe) {
      toast.error("Stripe not loaded");
      return null;
    }
    const result = await stripe.confirmCardPayment(clientSecret);
    if (result.error) {
      toast.error(result.error.message ?? "Payment failed");
      return null;
    }
    if (!result.paymentIntent) {
      toast.error("An error occurred while processing payment");
      return null;
    }
    return result.paymentIntent.status;
  }

  async function pay() {
    if (!cardId || cardId === NEW_CARD) return;
    setStep("processing");
    try {
      const response = await fetch("/api/stripe/payment-intents", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ amount: amountCents, currency: "eur", customerId: customerId ?? undefined, paymentMethodId: cardId, description }),
      });
      const text = await response.text();
      const answer = parseJson(text);
      if (!response.ok) {
        // Our server explains itself; anything else (a proxy page, an empty answer) is shown as it came.
        toast.error(answer?.error ? answer.error : `API Error: ${response.status} - ${text.slice(0, 200)}`);
        setStep("idle");
        return;
      }
      if (!answer?.clientSecret || !answer.paymentIntentId) {
        toast.error("Payment setup failed - no client secret");
        setStep("idle");
        return;
      }
      // A card that needs the bank's confirmation (3-D Secure) is confirmed in the browser by Stripe.js.
      const status = answer.status === "requires_action" ? await confirmWithStripe(answer.clientSecret) : (answer.status ?? null);
      if (status === "succeeded") {
        setPaymentIntentId(answer.paymentIntentId);
        setStep("success");
        toast.success("Payment successful!");
        onSuccess(answer.paymentIntentId);
        return;
      }
      if (status) toast.warning(`Payment status: ${status}`);
      setStep("idle");
    } catch (error) {
      toast.error(`An unexpected error occurred: ${errorMessage(error, "unknown error")}`);
      setStep("idle");
    }
  }

  return (
    <Modal open={open} onOpenChange={(next) => step !== "processing" && onOpenChange(next)} title="Pay outstanding balance" description={description}>
      {step === "success" ? (
        <div className="space-y-3 text-center" role="status">
          <p className="text-lg font-semibold text-green-700">Payment successful</p>
          <p className="text-sm text-slate-600">
            Payment reference <span className="font-mono" data-testid="payment-intent-id">{paymentIntentId}</span>
          </p>
          <button type="button" className="btn-primary w-full" onClick={() => onOpenChange(false)}>Done</button>
        </div>
      ) : (
        <div className="space-y-4">
          <DemoModeBanner />
          <div className="flex items-baseline justify-between rounded-lg bg-slate-50 px-3 py-2">
            <span className="text-sm text-slate-600">Amount due</span>
            <span className="text-lg font-semibold">{formatEuros(amountCents / 100)}</span>
          </div>
          <fieldset className="space-y-2" disabled={step === "processing"}>
            <legend className="field-label">Pay with</legend>
            {methods.isPending ? <p className="text-sm text-slate-500">Loading payment methods...</p> : null}
            {cards.map((card) => (
              <label key={card.id} className="flex cursor-pointer items-center gap-3 rounded-lg border border-slate-200 px-3 py-2 text-sm has-[:checked]:border-brand-500">
                <input type="radio" name="payment-card" checked={cardId === card.id} onChange={() => setCardId(card.id)} />
                <span className="font-semibold capitalize">{card.card.brand}</span>
                <span className="font-mono">•••• {card.card.last4}</span>
                <span className="text-slate-500">{String(card.card.exp_month).padStart(2, "0")}/{card.card.exp_year}</span>
              </label>
            ))}
            <label className="flex cursor-pointer items-center gap-3 rounded-lg border border-slate-200 px-3 py-2 text-sm has-[:checked]:border-brand-500">
              <input type="radio" name="payment-card" checked={cardId === NEW_CARD} onChange={() => setCardId(NEW_CARD)} />
              Use a new card
            </label>
          </fieldset>
          {cardId === NEW_CARD ? (
            <div className="rounded-lg border border-slate-200 p-3">
              <CardForm submitLabel="Save card" onPaymentMethod={onNewCard} />
            </div>
          ) : null}
          <button type="button" className="btn-primary w-full" disabled={!cardId || cardId === NEW_CARD || step === "processing"} onClick={pay}>
            {step === "processing" ? "Processing..." : `Pay ${formatEuros(amountCents / 100)}`}
          </button>
        </div>
      )}
    </Modal>
  );
}
