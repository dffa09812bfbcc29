"use client";

import { useEffect, useRef, useState } from "react";
import { useSession } from "~/components/auth/session";
import { Modal } from "~/components/modal";
import { toast } from "~/components/ui/toast";
import { useUserFormat } from "~/components/ui/user-format";
import { formatEuros, getPlan, type PlanId } from "~/lib/plans";
import { DEFAULT_BILLING_COUNTRY } from "~/lib/schemas/billing";
import { api, type RouterOutputs } from "~/trpc/react";
import { AddressForm, formatAddress } from "./addresses-card";
import { CardChoice, NEW_CARD, useCardChoice } from "./card-choice";
import { CardForm } from "./card-form";
import { BillingCountrySelect } from "./country-select";
import { chargeNowText, nextChargeText } from "./plan-change-text";
import { DemoModeBanner, errorMessage } from "./shared";

const SUCCESS_CLOSE_MS = 2000;
type Step = "payment" | "processing" | "success" | "error";
type Preview = RouterOutputs["billing"]["previewChange"];

/** The pay button says what happens: the amount charged now, or the trial that starts. */
function payLabel(preview: Preview): string {
  if (preview.amountDueNowCents > 0) return `Pay ${formatEuros(preview.amountDueNowCents / 100)}`;
  if (preview.kind === "subscribe" && preview.trialEndsAt) return "Start free trial";
  return `Change to ${getPlan(preview.planId).name} (${formatEuros(0)} now)`;
}

/**
 * Checkout: billing information, address, card, summary; then processing, success
 * (closes after 2 s and reports the ids) or error with Try Again.
 */
export function SubscribeModal({
  open,
  onOpenChange,
  planId,
  preview,
  notYet,
  onSuccess,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  planId: Exclude<PlanId, "free">;
  /** What the change charges now and next (billing.previewChange); the checkout charges exactly this. */
  preview: Preview;
  /** The plan's features nobody can deliver yet ("1-on-1 coaching: booking opens when ..."): said, not sold. */
  notYet: string[];
  onSuccess: (paymentIntentId: string | null, subscriptionId: string | null) => void;
}) {
  const plan = getPlan(planId);
  const { date: formatDate } = useUserFormat();
  const { data: session } = useSession();
  const addresses = api.billing.addresses.useQuery(undefined, { enabled: open });
  const defaults = api.billing.billingDefaults.useQuery(undefined, { enabled: open });
  const subscribe = api.billing.createSubscription.useMutation();
  const { cards, cardId, setCardId, loading: cardsLoading } = useCardChoice(open);
  const [step, setStep] = useState<Step>("payment");
  const [error, setError] = useState<string | null>(null);
  const [info, setInfo] = useState({
    email: "",
    name: "",
    country: DEFAULT_BILLING_COUNTRY,
    postalCode: "",
    taxId: "",
  });
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
    setInfo({
      email: session?.user.email ?? "",
      name: session?.user.name ?? "",
      country: DEFAULT_BILLING_COUNTRY,
      postalCode: "",
      taxId: "",
    });
    void refetch();
    return () => {
      if (closeTimer.current) clearTimeout(closeTimer.current);
    };
  }, [open, session?.user.email, session?.user.name, refetch]);

  // The details of the last checkout (or the default address) fill the form: country, postal code, name, tax id.
  const last = defaults.data;
  useEffect(() => {
    if (!open || !last) return;
    setInfo((current) => ({
      email: last.email ?? current.email,
      name: last.name ?? current.name,
      country: last.country ?? current.country,
      postalCode: last.postalCode ?? current.postalCode,
      taxId: last.taxId ?? current.taxId,
    }));
  }, [open, last]);

  useEffect(() => {
    const list = addresses.data?.addresses ?? [];
    if (!list.some((a) => a.id === addressId)) setAddressId(list.find((a) => a.isDefault)?.id ?? list[0]?.id ?? null);
  }, [addresses.data, addressId]);

  const selected = addresses.data?.addresses.find((a) => a.id === addressId) ?? null;
  const charged = preview.amountDueNowCents;

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
          ? {
              name: selected.name,
              addressLine1: selected.addressLine1,
              addressLine2: selected.addressLine2,
              city: selected.city,
              state: selected.state,
              postalCode: selected.postalCode,
              country: selected.country,
            }
          : null,
        prorationDate: preview.prorationDate,
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
    <Modal
      open={open}
      onOpenChange={(next) => step !== "processing" && onOpenChange(next)}
      title={`Subscribe to ${plan.name}`}
      description={`${formatEuros(plan.price)} per month. Cancel any time; the plan stays active until the period ends.`}
    >
      <div className="space-y-4">
        <DemoModeBanner />
        {step === "processing" ? (
          <p role="status" className="py-8 text-center text-slate-700">
            Processing your payment...
          </p>
        ) : null}
        {step === "success" ? (
          <p role="status" className="py-8 text-center font-semibold text-green-700">
            {charged > 0
              ? `Payment successful! Your ${plan.name} plan is active. Charged: ${formatEuros(charged / 100)}.`
              : `Your ${plan.name} plan is active. Nothing was charged now.`}
          </p>
        ) : null}
        {step === "error" ? (
          <div className="space-y-3 py-4 text-center">
            <p className="text-lg font-semibold text-red-700">Payment failed</p>
            <p role="alert" className="text-sm text-slate-700">
              {error ?? "Something went wrong. Please try again."}
            </p>
            <button type="button" className="btn-primary" onClick={() => setStep("payment")}>
              Try Again
            </button>
          </div>
        ) : null}
        {step === "payment" ? (
          <>
            <fieldset className="space-y-3">
              <legend className="mb-2 font-semibold">Billing information</legend>
              <div>
                <label className="field-label" htmlFor="checkout-email">
                  Email *
                </label>
                <input
                  id="checkout-email"
                  type="email"
                  className="field-input"
                  value={info.email}
                  onChange={(e) => setInfo({ ...info, email: e.target.value })}
                />
              </div>
              <div>
                <label className="field-label" htmlFor="checkout-name">
                  Full name *
                </label>
                <input
                  id="checkout-name"
                  className="field-input"
                  value={info.name}
                  onChange={(e) => setInfo({ ...info, name: e.target.value })}
                />
              </div>
              <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
                <div>
                  <label className="field-label" htmlFor="checkout-country">
                    Country
                  </label>
                  <BillingCountrySelect
                    id="checkout-country"
                    value={info.country}
                    onChange={(e) => setInfo({ ...info, country: e.target.value })}
                  />
                </div>
                <div>
                  <label className="field-label" htmlFor="checkout-postal">
                    Postal code
                  </label>
                  <input
                    id="checkout-postal"
                    className="field-input"
                    value={info.postalCode}
                    onChange={(e) => setInfo({ ...info, postalCode: e.target.value })}
                  />
                </div>
                <div>
                  <label className="field-label" htmlFor="checkout-tax">
                    Tax ID
                  </label>
                  <input
                    id="checkout-tax"
                    className="field-input"
                    value={info.taxId}
                    onChange={(e) => setInfo({ ...info, taxId: e.target.value })}
                  />
                </div>
              </div>
            </fieldset>
            <fieldset className="space-y-2">
              <legend className="mb-2 font-semibold">Billing address</legend>
              {addresses.data?.addresses.map((address) => (
                <label key={address.id} className="flex items-start gap-2 text-sm">
                  <input
                    type="radio"
                    name="checkout-address"
                    checked={address.id === addressId}
                    onChange={() => setAddressId(address.id)}
                    className="mt-1"
                  />
                  <span>
                    <span className="font-medium">{address.name}</span> - {formatAddress(address)}
                  </span>
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
                <button type="button" className="text-sm font-medium text-brand-600 hover:underline" onClick={() => setAddingAddress(true)}>
                  + Add a new address
                </button>
              )}
            </fieldset>
            <div className="space-y-1 rounded-lg bg-slate-50 p-3 text-sm" role="group" aria-label="Order summary">
              <div className="flex justify-between">
                <span>{plan.name} plan (monthly)</span>
                <span>{formatEuros(plan.price)}</span>
              </div>
              <div className="flex justify-between border-t border-slate-200 pt-1 font-semibold" data-testid="checkout-charge-now">
                <span>Charged now</span>
                <span>{formatEuros(charged / 100)}</span>
              </div>
              <p className="text-xs text-slate-600">{chargeNowText(preview, formatDate)}</p>
              <p className="text-xs text-slate-600" data-testid="checkout-next-charge">
                {nextChargeText(preview, formatDate)}
              </p>
              {notYet.length > 0 ? (
                <ul className="border-t border-slate-200 pt-1 text-xs text-slate-600" data-testid="checkout-not-yet">
                  {notYet.map((line) => (
                    <li key={line}>{line} (not part of the price yet)</li>
                  ))}
                </ul>
              ) : null}
            </div>
            <fieldset className="space-y-2">
              <legend className="mb-2 font-semibold">Payment method</legend>
              <CardChoice cards={cards} cardId={cardId} onChange={setCardId} loading={cardsLoading} />
              {cardId === NEW_CARD ? (
                <CardForm submitLabel={payLabel(preview)} disabled={!infoComplete} onPaymentMethod={pay} />
              ) : (
                <div className="flex justify-end">
                  <button
                    type="button"
                    className="btn-primary"
                    disabled={!infoComplete || !cardId}
                    onClick={() => cardId && void pay(cardId)}
                  >
                    {payLabel(preview)}
                  </button>
                </div>
              )}
            </fieldset>
          </>
        ) : null}
      </div>
    </Modal>
  );
}
