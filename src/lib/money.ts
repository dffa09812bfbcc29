/** "€1,500" for a whole amount, "€290.44" otherwise; other currencies with their own sign ("CA$22,895"). */
export function formatAmount(amount: number, currency = "EUR"): string {
  const whole = Number.isInteger(amount);
  return new Intl.NumberFormat("en-IE", {
    style: "currency",
    currency,
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(amount);
}
