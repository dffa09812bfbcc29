import Link from "next/link";
import { getPlan, isPlanId } from "~/lib/plans";

const PRICING_PATH = /\/pricing\?plan=([a-z]+)/;

/**
 * A server message about the plan ("... Upgrade on the pricing page: /pricing?plan=pro") with the
 * pricing path shown as an upgrade link.
 */
export function PlanMessage({ message }: { message: string }) {
  const match = PRICING_PATH.exec(message);
  if (!match) return <>{message}</>;
  const planId = match[1]!;
  // The link replaces the message's own "Upgrade on the pricing page ..." sentence.
  const sentence = message.indexOf("Upgrade on the pricing page");
  const text = message.slice(0, sentence >= 0 ? sentence : match.index).trim();
  return (
    <>
      {text} <UpgradeLink planId={planId} />
    </>
  );
}

export function UpgradeLink({ planId }: { planId: string }) {
  const name = isPlanId(planId) ? getPlan(planId).name : "a paid plan";
  return (
    <Link href={`/pricing?plan=${planId}`} className="font-semibold text-brand-600 underline underline-offset-2 hover:text-brand-700">
      Upgrade to {name}
    </Link>
  );
}
