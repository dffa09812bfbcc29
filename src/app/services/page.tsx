import type { Metadata } from "next";
import Link from "next/link";
import { PageHeader } from "~/components/site/page-header";
import { DELIVERED_ENTITLEMENTS, getPlan } from "~/lib/plans";
import { SERVICES } from "~/lib/services";
import { serverApi } from "~/server/api/server-caller";

export const metadata: Metadata = { title: "Services" };

export default async function ServicesPage() {
  const deliverable = await (await serverApi()).site.deliverable();
  return (
    <>
      <PageHeader eyebrow="Services" title="Help for every step of your move">
        The assistant answers most questions. For the decisions that matter, our services add a human check.
      </PageHeader>
      <div className="mx-auto grid max-w-6xl gap-6 px-4 md:grid-cols-2">
        {SERVICES.map((service) => (
          <article key={service.slug} className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
            <h2 className="text-lg font-semibold">{service.name}</h2>
            <p className="mt-2 text-sm leading-6 text-slate-600">{service.summary}</p>
            <p className="mt-3 text-sm text-slate-700">Plans: {service.plans.map((id) => getPlan(id).name).join(", ")}</p>
            {service.entitlement && !deliverable[service.entitlement] ? (
              <p className="mt-1 text-sm text-amber-800">
                {DELIVERED_ENTITLEMENTS[service.entitlement].label}: {DELIVERED_ENTITLEMENTS[service.entitlement].opensWhen}.
              </p>
            ) : null}
            <Link href={`/services/${service.slug}`} className="btn-secondary mt-5 self-start">
              Learn more about {service.name}
            </Link>
          </article>
        ))}
      </div>
    </>
  );
}
