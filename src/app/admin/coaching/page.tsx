import type { Metadata } from "next";
import { AdminPageHeader } from "~/components/admin/admin-nav";
import { MyCoaching } from "~/components/admin/my-coaching";
import { requireSection } from "../access";

export const metadata: Metadata = { title: "My coaching", robots: { index: false } };

export default async function MyCoachingPage() {
  await requireSection("coaching");
  return (
    <div>
      <AdminPageHeader
        title="My coaching"
        description="Your hours in your own time zone, the dates that differ, and your sessions with students: add the meeting link before, write the summary after."
      />
      <MyCoaching />
    </div>
  );
}
