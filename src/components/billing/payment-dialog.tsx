"use client";

import { useEffect, useState } from "react";
import { Modal } from "~/components/modal";
import { toast } from "~/components/ui/toast";
import { formatEuros } from "~/lib/plans";
import { CardChoice, NEW_CARD, useCardChoice } from "./card-choice";
import { CardForm, loadStripeOnce } from "./card-form";
import { useAddPaymentMethod } from "./payment-methods-card";
import { DemoModeBanner, errorMessage, useBillingConfig } from "./shared";

type Step = "idle" | "processing" | "success";

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
 * The payment dialog: pays what a failed renewal owes with a saved or a new card through
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
  const { cards, cardId, setCardId, loading } = useCardChoice(open);
  const addPaymentMethod = useAddPaymentMethod();
  const [step, setStep] = useState<Step>("idle");
  const [paymentIntentId, setPaymentIntentId] = useState<string | null>(null);

  useEffect(() => {
    if (!open) return;
    setStep("idle");
    setPaymentIntentId(null);
  }, [open]);

  async function onNewCard(paymentMethodId: string) {
    // A card saved before comes back as that card: it is chosen instead of a copy.
    setCardId(await addPaymentMethod(paymentMethodId));
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
        body: JSON.stringify({
          amount: amountCents,
          currency: "eur",
          customerId: customerId ?? undefined,
          paymentMethodId: cardId,
          description,
        }),
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
    <Modal
      open={open}
      onOpenChange={(next) => step !== "processing" && onOpenChange(next)}
      title="Pay outstanding balance"
      description={description}
    >
      {step === "success" ? (
        <div className="space-y-3 text-center" role="status">
          <p className="text-lg font-semibold text-green-700">Payment successful</p>
          <p className="text-sm text-slate-600">
            Payment reference{" "}
            <span className="font-mono" data-testid="payment-intent-id">
              {paymentIntentId}
            </span>
          </p>
          <button type="button" className="btn-primary w-full" onClick={() => onOpenChange(false)}>
            Done
          </button>
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
            <CardChoice cards={cards} cardId={cardId} onChange={setCardId} loading={loading} />
          </fieldset>
          {cardId === NEW_CARD ? (
            <div className="rounded-lg border border-slate-200 p-3">
              <CardForm submitLabel="Save card" onPaymentMethod={onNewCard} />
            </div>
          ) : null}
          <button
            type="button"
            className="btn-primary w-full"
            disabled={!cardId || cardId === NEW_CARD || step === "processing"}
            onClick={pay}
          >
            {step === "processing" ? "Processing..." : `Pay ${formatEuros(amountCents / 100)}`}
          </button>
        </div>
      )}
    </Modal>
  );
}
