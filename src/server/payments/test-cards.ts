/**
 * Stripe's documented test card numbers (https://docs.stripe.com/testing) and what they do. The demo
 * gateway accepts only these, so nobody types a real card into a demo.
 */
type TestCardOutcome = "succeeds" | "declined_on_attach" | "declined_on_charge";

export interface TestCard {
  brand: string;
  outcome: TestCardOutcome;
  /** The provider's message for a refused card. */
  message?: string;
  code?: string;
}

const DECLINED = "Your card was declined.";

export const TEST_CARDS: Record<string, TestCard> = {
  "4242424242424242": { brand: "visa", outcome: "succeeds" },
  "4000056655665556": { brand: "visa", outcome: "succeeds" },
  "5555555555554444": { brand: "mastercard", outcome: "succeeds" },
  "378282246310005": { brand: "amex", outcome: "succeeds" },
  "4000000000000002": { brand: "visa", outcome: "declined_on_attach", message: DECLINED, code: "card_declined" },
  "4000000000009995": {
    brand: "visa",
    outcome: "declined_on_attach",
    message: "Your card has insufficient funds.",
    code: "insufficient_funds",
  },
  "4000000000000069": {
    brand: "visa",
    outcome: "declined_on_attach",
    message: "Your card has expired.",
    code: "expired_card",
  },
  "4000000000000127": {
    brand: "visa",
    outcome: "declined_on_attach",
    message: "Your card's security code is incorrect.",
    code: "incorrect_cvc",
  },
  // Attaching succeeds, every later charge fails: how a renewal fails.
  "4000000000000341": { brand: "visa", outcome: "declined_on_charge", message: DECLINED, code: "card_declined" },
};

/** How a charge on this card number is refused, or null when it goes through. */
export function chargeDecline(number: string): { message: string; code?: string } | null {
  const testCard = TEST_CARDS[number];
  if (testCard?.outcome === "succeeds") return null;
  return { message: testCard?.message ?? DECLINED, code: testCard?.code };
}

export const DEMO_CARD_HINT =
  "Demo mode accepts Stripe's test cards only, e.g. 4242 4242 4242 4242 (succeeds) or 4000 0000 0000 0002 (declined).";
