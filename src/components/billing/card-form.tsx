"use client";

import { CardElement, Elements, useElements, useStripe } from "@stripe/react-stripe-js";
import type { Stripe } from "@stripe/stripe-js";
import { loadStripe } from "@stripe/stripe-js/pure"; // Stripe.js loads only when a card form needs it
import { useMemo, useState } from "react";
import { api } from "~/trpc/react";
import { errorMessage, useBillingConfig } from "./shared";

export interface CardFormProps {
  submitLabel: string;
  /** Receives the new payment method id; throws to show an error. */
  onPaymentMethod: (paymentMethodId: string) => Promise<void> | void;
  onCancel?: () => void;
  disabled?: boolean;
}

const stripePromises = new Map<string, Promise<Stripe | null>>();

/** Stripe.js for this publishable key, loaded once per page. */
export function loadStripeOnce(publishableKey: string): Promise<Stripe | null> {
  if (!stripePromises.has(publishableKey)) stripePromises.set(publishableKey, loadStripe(publishableKey));
  return stripePromises.get(publishableKey)!;
}

/**
 * The card form: Stripe Elements when Stripe is configured, else the demo gateway's own fields (which
 * accept Stripe's test card numbers only). Both hand a payment method id to the parent.
 */
export function CardForm(props: CardFormProps) {
  const config = useBillingConfig();
  if (!config.data) return <p className="text-sm text-slate-500">Loading payment form...</p>;
  if (config.data.mode === "stripe" && config.data.publishableKey)
    return <StripeCardForm {...props} publishableKey={config.data.publishableKey} />;
  if (config.data.mode === "stripe")
    return (
      <p role="alert" className="text-sm text-red-700">
        Failed to initialize payment system
      </p>
    );
  return <DemoCardForm {...props} />;
}

function StripeCardForm(props: CardFormProps & { publishableKey: string }) {
  const stripePromise = useMemo(() => loadStripeOnce(props.publishableKey), [props.publishableKey]);
  return (
    <Elements stripe={stripePromise}>
      <StripeCardFields {...props} />
    </Elements>
  );
}

function StripeCardFields(props: CardFormProps) {
  const stripe = useStripe();
  const elements = useElements();
  const [complete, setComplete] = useState(false);
  const [ready, setReady] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit() {
    setError(null);
    if (!stripe) return setError("Stripe not loaded");
    const card = elements?.getElement(CardElement);
    if (!card) return setError("Card element not found");
    setBusy(true);
    try {
      const result = await stripe.createPaymentMethod({ type: "card", card });
      if (result.error || !result.paymentMethod) throw new Error(result.error?.message ?? "Failed to create payment method");
      await props.onPaymentMethod(result.paymentMethod.id);
    } catch (caught) {
      setError(errorMessage(caught, "Payment failed"));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="space-y-3">
      <div className="rounded-lg border border-slate-300 bg-white px-3 py-3">
        <CardElement
          onReady={() => setReady(true)}
          onChange={(event) => {
            setComplete(event.complete && !event.error);
            setError(event.error?.message ?? null);
          }}
        />
      </div>
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
      <FormButtons {...props} busy={busy} canSubmit={complete && ready && !!stripe} onSubmit={submit} />
    </div>
  );
}

function parseExpiry(value: string): { month: number; year: number } | null {
  const match = /^(\d{2})\s*\/\s*(\d{2})$/.exec(value.trim());
  if (!match) return null;
  const month = Number(match[1]);
  if (month < 1 || month > 12) return null;
  return { month, year: 2000 + Number(match[2]) };
}

function DemoCardFields(props: CardFormProps) {
  const [number, setNumber] = useState("");
  const [expiry, setExpiry] = useState("");
  const [cvc, setCvc] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const tokenize = api.billing.createDemoPaymentMethod.useMutation();

  const digits = number.replace(/\D/g, "");
  const parsedExpiry = parseExpiry(expiry);
  const canSubmit = digits.length >= 15 && digits.length <= 16 && parsedExpiry !== null && /^\d{3,4}$/.test(cvc);

  async function submit() {
    setError(null);
    setBusy(true);
    try {
      const { paymentMethodId } = await tokenize.mutateAsync({
        number: digits,
        expMonth: parsedExpiry!.month,
        expYear: parsedExpiry!.year,
        cvc,
      });
      await props.onPaymentMethod(paymentMethodId);
    } catch (caught) {
      setError(errorMessage(caught, "Payment failed"));
    } finally {
      setBusy(false);
    }
  }

  const formatted = digits.replace(/(.{4})/g, "$1 ").trim();
  return (
    <div className="space-y-3">
      <div>
        <label className="field-label" htmlFor="card-number">
          Card number
        </label>
        <input
          id="card-number"
          className="field-input font-mono"
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="4242 4242 4242 4242"
          maxLength={19}
          value={formatted}
          onChange={(e) => setNumber(e.target.value)}
        />
      </div>
      <div className="grid grid-cols-2 gap-3">
        <div>
          <label className="field-label" htmlFor="card-expiry">
            Expiry (MM/YY)
          </label>
          <input
            id="card-expiry"
            className="field-input font-mono"
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="12/30"
            maxLength={5}
            value={expiry}
            onChange={(e) => {
              const raw = e.target.value.replace(/[^\d]/g, "").slice(0, 4);
              setExpiry(raw.length > 2 ? `${raw.slice(0, 2)}/${raw.slice(2)}` : raw);
            }}
          />
        </div>
        <div>
          <label className="field-label" htmlFor="card-cvc">
            CVC
          </label>
          <input
            id="card-cvc"
            className="field-input font-mono"
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="123"
            maxLength={4}
            value={cvc}
            onChange={(e) => setCvc(e.target.value.replace(/\D/g, ""))}
          />
        </div>
      </div>
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
      <FormButtons {...props} busy={busy} canSubmit={canSubmit} onSubmit={submit} />
    </div>
  );
}

const DemoCardForm = DemoCardFields;

function FormButtons(props: CardFormProps & { busy: boolean; canSubmit: boolean; onSubmit: () => void }) {
  return (
    <div className="flex flex-wrap justify-end gap-2">
      {props.onCancel ? (
        <button type="button" className="btn-secondary" onClick={props.onCancel} disabled={props.busy}>
          Cancel
        </button>
      ) : null}
      <button type="button" className="btn-primary" disabled={!props.canSubmit || props.busy || props.disabled} onClick={props.onSubmit}>
        {props.busy ? "Processing..." : props.submitLabel}
      </button>
    </div>
  );
}
