"use client";

import { useSession } from "next-auth/react";
import { useEffect, useRef, useState } from "react";
import { toast } from "sonner";
import { Modal } from "~/components/modal";
import { CHECKOUT_COUNTRIES } from "~/lib/schemas/billing";
import { formatEuros, getPlan, type PlanId } from "~/lib/plans";
import { api } from "~/trpc/react";
import { AddressForm, countryName, formatAddress } from "./addresses-card";
import { CardForm } from "./card-form";
import { DemoModeBanner, errorMessage } from "./shared";

export const SUCCESS_CLOSE_MS = 2000;
type Step = "payment" | "processing" | "success" | "error";
const COUNTRIES = ["US", ...new Set(CHECKOUT_COUNTRIES)];

/**
 * Checkout (spec 2.11, 4.4): billing information, address, card, summary; then processing, success
 * (closes after 2 s and reports the ids) or error with Try Again.
 */
export function SubscribeModal({
  open,
  onOpenChange,
  planId,
  trialEligible,
  timing,
  onSuccess,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  planId: Exclude<PlanId, "free">;
  trialEligible: boolean;
  /** When the change takes effect, shown with the summary. */
  timing?: string;
  onSuccess: (paymentIntentId: string | null, subscriptionId: string | null) => void;
}) {
  const plan = getPlan(planId);
  const { data: session } = useSession();
  const addresses = api.billing.addresses.useQuery(undefined, { enabled: open });
  const subscribe = api.billing.createSubscription.useMutation();
  const [step, setStep] = useState<Step>("payment");
  const [error, setError] = useState<string | null>(null);
  const [info, setInfo] = useState({ email: "", name: "", country: "US", postalCode: "", taxId: "" });
  const [addressId, setAddressId] = useState<string | null>(null);
  const [addingAddress, setAddingAddress] = useState(false);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const { refetch } = addresses;

  // Every opening starts afresh and reloads the addresses.
  useEffect(() => {
    if (!open) return;
    setStep("payment");
    setError(null);
    setAddingAddress(false);
    setInfo({ email: session?.user.email ?? "", name: session?.user.name ?? "", country: "US", postalCode: "", taxId: "" });
    void refetch();
    return () => {
      if (closeTimer.current) clearTimeout(closeTimer.current);
    };
  }, [open, session?.user.email, session?.user.name, refetch]);

  useEffect(() => {
    const list = addresses.data?.addresses ?? [];
    if (!list.some((a) => a.id === addressId)) setAddressId(list.find((a) => a.isDefault)?.id ?? list[0]?.id ?? null);
  }, [addresses.data, addressId]);

  const selected = addresses.data?.addresses.find((a) => a.id === addressId) ?? null;
  const dueToday = trialEligible ? 0 : plan.price;

  async function pay(paymentMethodId: string) {
    setStep("processing");
    try {
      const result = await subscribe.mutateAsync({
        paymentMethodId,
        planId,
        priceId: plan.stripePriceId,
        customerEmail: info.email,
        customerName: info.name,
        country: info.country,
        postalCode: info.postalCode || null,
        taxId: info.taxId || null,
        billingAddress: selected
          ? { name: selected.name, addressLine1: selected.addressLine1, addressLine2: selected.addressLine2, city: selected.city, state: selected.state, postalCode: selected.postalCode, country: selected.country }
          : null,
      });
      setStep("success");
      closeTimer.current = setTimeout(() => {
        onOpenChange(false);
        onSuccess(result.paymentIntentId, result.subscriptionId);
      }, SUCCESS_CLOSE_MS);
    } catch (caught) {
      setError(errorMessage(caught, "Payment failed"));
      setStep("error");
      toast.error("Payment failed. Please try again.");
    }
  }

  const infoComplete = info.email.trim() !== "" && info.name.trim() !== "";
  return (
    <Modal open={open} onOpenChange={(next) => step !== "processing" && onOpenChange(next)} title={`Subscribe to ${plan.name}`} description={`${formatEuros(plan.price)} per month. Cancel any time; the plan stays active until the period ends.`}>
      <div className="space-y-4">
        <DemoModeBanner />
        {step === "processing" ? <p role="status" className="py-8 text-center text-slate-700">Processing your payment...</p> : null}
        {step === "success" ? (
          <p role="status" className="py-8 text-center font-semibold text-green-700">Payment successful! Your {plan.name} plan is active.</p>
        ) : null}
        {step === "error" ? (
          <div className="space-y-3 py-4 text-center">
            <p className="text-lg font-semibold text-red-700">Payment failed</p>
            <p role="alert" className="text-sm text-slate-700">{error ?? "Something went wrong. Please try again."}</p>
            <button type="button" className="btn-primary" onClick={() => setStep("payment")}>Try Again</button>
          </div>
        ) : null}
        {step === "payment" ? (
          <>
            <fieldset className="space-y-3">
              <legend className="mb-2 font-semibold">Billing information</legend>
              <div>
                <label className="field-label" htmlFor="checkout-email">Email *</label>
                <input id="checkout-email" type="email" className="field-input" value={info.email} onChange={(e) => setInfo({ ...info, email: e.target.value })} />
              </div>
              <div>
                <label className="field-label" htmlFor="checkout-name">Full name *</label>
                <input id="checkout-name" className="field-input" value={info.name} onChange={(e) => setInfo({ ...info, name: e.target.value })} />
              </div>
              <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
                <div>
                  <label className="field-label" htmlFor="checkout-country">Country</label>
                  <select id="checkout-country" className="field-input" value={info.country} onChange={(e) => setInfo({ ...info, country: e.target.value })}>
                    {COUNTRIES.map((code) => <option key={code} value={code}>{countryName(code)}</option>)}
                  </select>
                </div>
                <div>
                  <label className="field-label" htmlFor="checkout-postal">Postal code</label>
                  <input id="checkout-postal" className="field-input" value={info.postalCode} onChange={(e) => setInfo({ ...info, postalCode: e.target.value })} />
                </div>
                <div>
                  <label className="field-label" htmlFor="checkout-tax">Tax ID</label>
                  <input id="checkout-tax" className="field-input" value={info.taxId} onChange={(e) => setInfo({ ...info, taxId: e.target.value })} />
                </div>
              </div>
            </fieldset>
            <fieldset className="space-y-2">
              <legend className="mb-2 font-semibold">Billing address</legend>
              {addresses.data?.addresses.map((address) => (
                <label key={address.id} className="flex items-start gap-2 text-sm">
                  <input type="radio" name="checkout-address" checked={address.id === addressId} onChange={() => setAddressId(address.id)} className="mt-1" />
                  <span><span className="font-medium">{address.name}</span> - {formatAddress(address)}</span>
                </label>
              ))}
              {addingAddress ? (
                <AddressForm
                  defaultEmail={info.email}
                  onCancel={() => setAddingAddress(false)}
                  onSaved={(address) => {
                    setAddingAddress(false);
                    setAddressId(address.id);
                    void refetch();
                  }}
                />
              ) : (
                <button type="button" className="text-sm font-medium text-brand-600 hover:underline" onClick={() => setAddingAddress(true)}>+ Add a new address</button>
              )}
            </fieldset>
            <div className="rounded-lg bg-slate-50 p-3 text-sm" aria-label="Order summary">
              <div className="flex justify-between"><span>{plan.name} plan (monthly)</span><span>{formatEuros(plan.price)}</span></div>
              <div className="flex justify-between"><span>Subtotal</span><span>{formatEuros(plan.price)}</span></div>
              <div className="flex justify-between"><span>Tax</span><span>{formatEuros(0)}</span></div>
              <div className="mt-1 flex justify-between border-t border-slate-200 pt-1 font-semibold"><span>Total</span><span>{formatEuros(plan.price)}</span></div>
              {trialEligible ? (
                <p className="mt-2 text-xs text-slate-600">7-day free trial: {formatEuros(dueToday)} today, then {formatEuros(plan.price)} per month.</p>
              ) : null}
              {timing ? <p className="mt-2 text-xs text-slate-600">{timing}</p> : null}
            </div>
            <fieldset>
              <legend className="mb-2 font-semibold">Payment method</legend>
              <CardForm submitLabel={trialEligible ? "Start free trial" : `Pay ${formatEuros(plan.price)}`} disabled={!infoComplete} onPaymentMethod={pay} />
            </fieldset>
          </>
        ) : null}
      </div>
    </Modal>
  );
}
