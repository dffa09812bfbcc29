/** The user's billing addresses; one of them is the default. */
import type { z } from "zod";
import type { BillingAddress } from "~/generated/prisma/client";
import type { addressIdSchema, BillingAddressCreate } from "~/lib/schemas/billing";
import type { Db } from "~/server/db/client";
import { AppError } from "~/server/errors";
import type { SessionClaims } from "../sessions.service";

const NOT_FOUND_ADDRESS = "Address not found.";
const MAX_ADDRESSES = 20;

const toAddressDto = (address: BillingAddress) => ({
  id: address.id,
  name: address.name,
  email: address.email,
  country: address.country,
  addressLine1: address.addressLine1,
  addressLine2: address.addressLine2,
  city: address.city,
  state: address.state,
  postalCode: address.postalCode,
  phone: address.phone,
  taxId: address.taxId,
  isDefault: address.isDefault,
});

export async function listAddresses(db: Db, actor: SessionClaims) {
  const rows = await db.billingAddress.findMany({
    where: { userId: actor.id },
    orderBy: [{ isDefault: "desc" }, { createdAt: "asc" }],
  });
  return { addresses: rows.map(toAddressDto) };
}

export async function createAddress(db: Db, actor: SessionClaims, input: BillingAddressCreate) {
  return db.$transaction(async (tx) => {
    const count = await tx.billingAddress.count({ where: { userId: actor.id } });
    if (count >= MAX_ADDRESSES) throw new AppError("BAD_INPUT", `You can save up to ${MAX_ADDRESSES} billing addresses. Delete one first.`);
    const isDefault = input.isDefault || count === 0;
    if (isDefault) await tx.billingAddress.updateMany({ where: { userId: actor.id }, data: { isDefault: false } });
    const address = await tx.billingAddress.create({ data: { ...input, isDefault, userId: actor.id } });
    return { success: true as const, address: toAddressDto(address) };
  });
}

export async function deleteAddress(db: Db, actor: SessionClaims, { id }: z.infer<typeof addressIdSchema>) {
  return db.$transaction(async (tx) => {
    const address = await tx.billingAddress.findFirst({ where: { id, userId: actor.id } });
    if (!address) throw new AppError("NOT_FOUND", NOT_FOUND_ADDRESS);
    await tx.billingAddress.delete({ where: { id } });
    if (address.isDefault) {
      const next = await tx.billingAddress.findFirst({ where: { userId: actor.id }, orderBy: { createdAt: "asc" } });
      if (next) await tx.billingAddress.update({ where: { id: next.id }, data: { isDefault: true } });
    }
    return { success: true as const, id };
  });
}

export async function setDefaultAddress(db: Db, actor: SessionClaims, { id }: z.infer<typeof addressIdSchema>) {
  return db.$transaction(async (tx) => {
    const address = await tx.billingAddress.findFirst({ where: { id, userId: actor.id } });
    if (!address) throw new AppError("NOT_FOUND", NOT_FOUND_ADDRESS);
    await tx.billingAddress.updateMany({ where: { userId: actor.id, NOT: { id } }, data: { isDefault: false } });
    const updated = await tx.billingAddress.update({ where: { id }, data: { isDefault: true } });
    return { success: true as const, address: toAddressDto(updated) };
  });
}

/**
 * What the checkout and the address form start from: the details of the last checkout, else the
 * default billing address (country, postal code, name, tax id), else nothing.
 */
export async function billingDefaults(db: Db, actor: SessionClaims) {
  const [customer, address] = await Promise.all([
    db.billingCustomer.findUnique({ where: { userId: actor.id }, select: { lastBillingDetails: true } }),
    db.billingAddress.findFirst({
      where: { userId: actor.id },
      orderBy: [{ isDefault: "desc" }, { createdAt: "asc" }],
    }),
  ]);
  const last = (customer?.lastBillingDetails ?? null) as {
    name?: string;
    email?: string;
    country?: string | null;
    postalCode?: string | null;
    taxId?: string | null;
  } | null;
  return {
    name: last?.name ?? address?.name ?? null,
    email: last?.email ?? address?.email ?? null,
    country: last?.country ?? address?.country ?? null,
    postalCode: last?.postalCode ?? address?.postalCode ?? null,
    taxId: last?.taxId ?? address?.taxId ?? null,
  };
}
