import { env } from "~/env";
import { SITE } from "~/lib/site";

/** The operator's legal details (imprint, receipts), read from the settings at request time. Null = not set. */
export interface OperatorDetails {
  legalName: string | null;
  representative: string | null;
  register: string | null;
  vatId: string | null;
  phone: string | null;
  /** VAT included in the prices, in percent; null = no VAT amount is stated. */
  vatRatePercent: number | null;
  address: readonly string[];
  email: string;
}

export function operatorDetails(): OperatorDetails {
  return {
    legalName: env.OPERATOR_LEGAL_NAME ?? null,
    representative: env.OPERATOR_REPRESENTATIVE ?? null,
    register: env.OPERATOR_REGISTER ?? null,
    vatId: env.OPERATOR_VAT_ID ?? null,
    phone: env.OPERATOR_PHONE ?? null,
    vatRatePercent: env.OPERATOR_VAT_RATE ?? null,
    address: SITE.address,
    email: SITE.email,
  };
}
