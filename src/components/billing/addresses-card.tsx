"use client";

import { useEffect, useRef, useState } from "react";
import { Modal } from "~/components/modal";
import { toast } from "~/components/ui/toast";
import { countryName } from "~/lib/options";
import { DEFAULT_BILLING_COUNTRY } from "~/lib/schemas/billing";
import { api, type RouterOutputs } from "~/trpc/react";
import { BillingCountrySelect } from "./country-select";
import { BillingCard } from "./shared";

export type BillingAddress = RouterOutputs["billing"]["addresses"]["addresses"][number];

const EMPTY = {
  name: "",
  email: "",
  country: DEFAULT_BILLING_COUNTRY,
  addressLine1: "",
  addressLine2: "",
  city: "",
  state: "",
  postalCode: "",
  phone: "",
  taxId: "",
  isDefault: false,
};
const REQUIRED = ["name", "email", "addressLine1", "city", "postalCode", "country"] as const;

/** The address form of the billing panel: required fields checked before sending. */
export function AddressForm({
  defaultEmail,
  onSaved,
  onCancel,
}: {
  defaultEmail?: string;
  onSaved: (address: BillingAddress) => void;
  onCancel: () => void;
}) {
  const utils = api.useUtils();
  const [values, setValues] = useState({ ...EMPTY, email: defaultEmail ?? "" });
  const create = api.billing.createAddress.useMutation();
  const defaults = api.billing.billingDefaults.useQuery();
  const prefilled = useRef(false);

  // The last country and postal code used (or the default address's) start the form, once.
  useEffect(() => {
    if (prefilled.current || !defaults.data) return;
    prefilled.current = true;
    const { country, postalCode, name } = defaults.data;
    setValues((current) => ({
      ...current,
      country: country ?? current.country,
      postalCode: current.postalCode || (postalCode ?? ""),
      name: current.name || (name ?? ""),
    }));
  }, [defaults.data]);
  const set = (field: keyof typeof EMPTY) => (event: { target: { value: string } }) =>
    setValues({ ...values, [field]: event.target.value });

  async function submit() {
    if (REQUIRED.some((field) => !String(values[field]).trim())) {
      toast.error("Please fill in all required fields");
      return;
    }
    try {
      const { address } = await create.mutateAsync(values);
      toast.success("Address added successfully");
      setValues({ ...EMPTY, email: defaultEmail ?? "", country: values.country });
      void utils.billing.billingDefaults.invalidate();
      onSaved(address);
    } catch (error) {
      toast.error(error instanceof Error && error.message ? `Failed to add address: ${error.message}` : "Failed to add address");
    }
  }

  const field = (name: keyof typeof EMPTY, label: string, required = false, type = "text") => (
    <div>
      <label className="field-label" htmlFor={`address-${name}`}>
        {label}
        {required ? " *" : ""}
      </label>
      <input
        id={`address-${name}`}
        type={type}
        className="field-input"
        value={String(values[name])}
        onChange={set(name)}
        required={required}
      />
    </div>
  );
  return (
    <div className="space-y-3" role="group" aria-label="New billing address">
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        {field("name", "Full name", true)}
        {field("email", "Email", true, "email")}
        {field("addressLine1", "Address line 1", true)}
        {field("addressLine2", "Address line 2")}
        {field("city", "City", true)}
        {field("state", "State / region")}
        {field("postalCode", "Postal code", true)}
        <div>
          <label className="field-label" htmlFor="address-country">
            Country *
          </label>
          <BillingCountrySelect id="address-country" value={values.country} onChange={set("country")} />
        </div>
        {field("phone", "Phone", false, "tel")}
        {field("taxId", "Tax ID")}
      </div>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={values.isDefault} onChange={(e) => setValues({ ...values, isDefault: e.target.checked })} /> Make
        this my default address
      </label>
      <div className="flex justify-end gap-2">
        <button type="button" className="btn-secondary" onClick={onCancel} disabled={create.isPending}>
          Cancel
        </button>
        <button type="button" className="btn-primary" onClick={submit} disabled={create.isPending}>
          {create.isPending ? "Saving..." : "Save address"}
        </button>
      </div>
    </div>
  );
}

export function formatAddress(address: BillingAddress) {
  return [address.addressLine1, address.addressLine2, `${address.postalCode} ${address.city}`, address.state, countryName(address.country)]
    .filter(Boolean)
    .join(", ");
}

/** Billing addresses: add, set default, delete after confirmation. */
export function AddressesCard({ defaultEmail }: { defaultEmail?: string }) {
  const utils = api.useUtils();
  const addresses = api.billing.addresses.useQuery();
  const setDefault = api.billing.setDefaultAddress.useMutation();
  const remove = api.billing.deleteAddress.useMutation();
  const [adding, setAdding] = useState(false);
  const [confirming, setConfirming] = useState<BillingAddress | null>(null);

  async function makeDefault(id: string) {
    try {
      await setDefault.mutateAsync({ id });
      toast.success("Default address updated");
      await utils.billing.addresses.invalidate();
    } catch {
      toast.error("Failed to update default address");
    }
  }

  async function confirmDelete() {
    if (!confirming) return;
    try {
      await remove.mutateAsync({ id: confirming.id });
      toast.success("Address deleted successfully");
      await utils.billing.addresses.invalidate();
    } catch {
      toast.error("Failed to delete address");
    } finally {
      setConfirming(null);
    }
  }

  return (
    <BillingCard
      title="Billing Addresses"
      action={
        <button type="button" className="btn-secondary" aria-label="Add billing address" onClick={() => setAdding((value) => !value)}>
          + Add
        </button>
      }
    >
      {addresses.data?.addresses.length === 0 && !adding ? <p className="text-sm text-slate-500">No billing addresses added</p> : null}
      <ul className="space-y-2">
        {addresses.data?.addresses.map((address) => (
          <li
            key={address.id}
            className="flex flex-col gap-2 rounded-lg border border-slate-200 px-3 py-2 sm:flex-row sm:items-center sm:justify-between"
            aria-label={`Address of ${address.name}`}
          >
            <div className="text-sm">
              <p className="font-semibold">
                {address.name}
                {address.isDefault ? (
                  <span className="ml-2 rounded-full bg-brand-100 px-2 py-0.5 text-xs font-semibold text-brand-700">Default</span>
                ) : null}
              </p>
              <p className="text-slate-600">{formatAddress(address)}</p>
            </div>
            <div className="flex gap-3 text-sm">
              {!address.isDefault ? (
                <button type="button" className="font-medium text-brand-600 hover:underline" onClick={() => makeDefault(address.id)}>
                  Set as default
                </button>
              ) : null}
              <button type="button" className="font-medium text-red-700 hover:underline" onClick={() => setConfirming(address)}>
                Delete
              </button>
            </div>
          </li>
        ))}
      </ul>
      {adding ? (
        <div className="mt-3 rounded-lg border border-slate-200 p-3">
          <AddressForm
            defaultEmail={defaultEmail}
            onCancel={() => setAdding(false)}
            onSaved={() => {
              setAdding(false);
              void utils.billing.addresses.invalidate();
            }}
          />
        </div>
      ) : null}
      <Modal
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title="Delete address"
        description="Are you sure you want to delete this address?"
      >
        <div className="flex justify-end gap-2">
          <button type="button" className="btn-secondary" onClick={() => setConfirming(null)}>
            Cancel
          </button>
          <button type="button" className="btn-primary bg-red-600 hover:bg-red-700" onClick={confirmDelete} disabled={remove.isPending}>
            Delete
          </button>
        </div>
      </Modal>
    </BillingCard>
  );
}
