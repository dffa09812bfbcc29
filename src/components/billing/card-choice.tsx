"use client";

import { useEffect, useState } from "react";
import { api, type RouterOutputs } from "~/trpc/react";

export type SavedCard = RouterOutputs["billing"]["paymentMethods"]["paymentMethods"][number];
export const NEW_CARD = "new";

/** The saved cards (default first) and the chosen one: the default until the user picks another; a new card only when there is none. */
export function useCardChoice(enabled: boolean) {
  const methods = api.billing.paymentMethods.useQuery({}, { enabled });
  const [cardId, setCardId] = useState<string | null>(null);
  const cards = methods.data?.paymentMethods ?? [];
  useEffect(() => {
    if (cardId === NEW_CARD || cards.some((card) => card.id === cardId)) return;
    setCardId(cards[0]?.id ?? (methods.data ? NEW_CARD : null));
  }, [cards, cardId, methods.data]);
  return { cards, cardId, setCardId, loading: methods.isPending };
}

/** Radio buttons for the saved cards and "Use a new card". */
export function CardChoice({
  cards,
  cardId,
  onChange,
  loading,
}: {
  cards: SavedCard[];
  cardId: string | null;
  onChange: (id: string) => void;
  loading: boolean;
}) {
  const row =
    "flex cursor-pointer flex-wrap items-center gap-x-3 gap-y-1 rounded-lg border border-slate-200 px-3 py-2 text-sm has-[:checked]:border-brand-500";
  return (
    <>
      {loading ? <p className="text-sm text-slate-500">Loading payment methods...</p> : null}
      {cards.map((card) => (
        <label key={card.id} className={row}>
          <input type="radio" name="payment-card" checked={cardId === card.id} onChange={() => onChange(card.id)} />
          <span className="font-semibold capitalize">{card.card.brand}</span>
          <span className="font-mono">•••• {card.card.last4}</span>
          <span className="text-slate-500">
            {String(card.card.exp_month).padStart(2, "0")}/{card.card.exp_year}
          </span>
          {card.isDefault ? (
            <span className="rounded-full bg-brand-100 px-2 py-0.5 text-xs font-semibold text-brand-700">Default</span>
          ) : null}
        </label>
      ))}
      {cards.length > 0 ? (
        <label className={row}>
          <input type="radio" name="payment-card" checked={cardId === NEW_CARD} onChange={() => onChange(NEW_CARD)} />
          Use a new card
        </label>
      ) : null}
    </>
  );
}
