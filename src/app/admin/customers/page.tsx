import type { Metadata } from "next";
import { Suspense } from "react";
import { AdminPageHeader } from "~/components/admin/admin-nav";
import { CustomerList } from "~/components/admin/customer-list";
import { requireSection } from "../access";

export const metadata: Metadata = { title: "Customers", robots: { index: false } };

export default async function CustomersPage() {
  await requireSection("customers");
  return (
    <div>
      <AdminPageHeader
        title="Customers"
        description="Student accounts: open one for its profile, plan, usage, payments and account actions."
      />
      <Suspense>
        <CustomerList />
      </Suspense>
    </div>
  );
}
