/** "A", "A and B", "A, B and C": the product's English is British, without a serial comma. */
const AND_LIST = new Intl.ListFormat("en-GB", { type: "conjunction" });

export function joinWithAnd(items: string[]): string {
  return AND_LIST.format(items);
}
