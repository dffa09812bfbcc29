import Link from "next/link";
import { type Deliverability, featureOffers, type Plan } from "~/lib/plans";

/**
 * A plan's features as the pricing page, the plan dialogs and the checkout list them: included ones
 * link to their page; one nobody can deliver yet says when it opens; one not built yet says "coming".
 * Neither of the last two is counted as part of the price.
 */
export function PlanFeatureList({ plan, deliverable, className }: { plan: Plan; deliverable: Deliverability; className?: string }) {
  return (
    <ul className={className ?? "space-y-2 text-sm text-slate-700"}>
      {featureOffers(plan, deliverable).map((offer) =>
        offer.state === "included" ? (
          <li key={offer.label} className="flex gap-2">
            <span aria-hidden className="text-green-600">
              ✓
            </span>
            <Link href={offer.href} className="hover:text-brand-700 hover:underline">
              {offer.label}
            </Link>
          </li>
        ) : (
          <li
            key={offer.label}
            className="flex gap-2 text-slate-500"
            data-testid={offer.state === "opens" ? "opens-feature" : "coming-feature"}
          >
            <span aria-hidden>○</span>
            <span>
              {offer.state === "opens" ? `${offer.note} (not part of the price yet)` : `Coming: ${offer.label} (not part of the price yet)`}
            </span>
          </li>
        ),
      )}
    </ul>
  );
}
