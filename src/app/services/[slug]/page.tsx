import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { CoachingBookingPanel } from "~/components/coaching/booking-panel";
import { MySessions } from "~/components/coaching/my-sessions";
import { ServiceRequestPanel } from "~/components/services/service-request-panel";
import { PageHeader } from "~/components/site/page-header";
import { DELIVERED_ENTITLEMENTS, formatEuros, PLAN_LIST } from "~/lib/plans";
import { findService, SERVICES } from "~/lib/services";
import { serverApi } from "~/server/api/server-caller";

type Props = { params: Promise<{ slug: string }> };

export const dynamicParams = false;
export function generateStaticParams() {
  return SERVICES.map((service) => ({ slug: service.slug }));
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return { title: findService((await params).slug)?.name ?? "Service" };
}

export default async function ServicePage({ params }: Props) {
  const service = findService((await params).slug);
  if (!service) notFound();
  const deliverable = await (await serverApi()).site.deliverable();
  // Nobody can deliver it yet: the plans that include it are not sold as giving it now.
  const opensWhen = service.entitlement && !deliverable[service.entitlement] ? DELIVERED_ENTITLEMENTS[service.entitlement] : null;
  return (
    <>
      <PageHeader eyebrow="Services" title={service.name}>
        {service.summary}
      </PageHeader>
      <div className="mx-auto grid max-w-6xl gap-6 px-4 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <section className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
            <h2 className="text-lg font-semibold">What is included</h2>
            <ul className="mt-3 list-disc space-y-2 pl-5 text-sm text-slate-700">
              {service.includes.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
            <h2 className="mt-8 text-lg font-semibold">How it works</h2>
            <ol className="mt-3 list-decimal space-y-2 pl-5 text-sm text-slate-700">
              {service.howItWorks.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ol>
          </section>
          {service.slug === "consultation" ? (
            <>
              <CoachingBookingPanel />
              <MySessions />
            </>
          ) : (
            <ServiceRequestPanel service={service.slug} serviceName={service.name} />
          )}
        </div>
        <aside className="self-start rounded-2xl border border-slate-200 bg-white p-6 shadow-sm" aria-labelledby="plans-title">
          <h2 id="plans-title" className="text-lg font-semibold">
            Which plans include it
          </h2>
          <p className="mt-2 text-sm text-slate-600">{service.planNote}</p>
          {opensWhen ? (
            <p className="mt-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="service-opens">
              {opensWhen.label}: {opensWhen.opensWhen}.
            </p>
          ) : null}
          <ul className="mt-4 space-y-2 text-sm">
            {PLAN_LIST.map((plan) => {
              const included = service.plans.includes(plan.id);
              return (
                <li key={plan.id} className="flex items-center justify-between rounded-lg bg-slate-50 px-3 py-2">
                  <span>
                    {plan.name} <span className="text-slate-500">({formatEuros(plan.price)}/month)</span>
                  </span>
                  <span className={included ? "font-semibold text-green-700" : "text-slate-500"}>
                    {included ? (opensWhen ? "Included once open" : "Included") : "Not included"}
                  </span>
                </li>
              );
            })}
          </ul>
          <Link href="/pricing" className="btn-primary mt-5 w-full">
            Compare plans
          </Link>
        </aside>
      </div>
    </>
  );
}
