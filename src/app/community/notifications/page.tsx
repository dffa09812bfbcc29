import type { Metadata } from "next";
import { NotificationList } from "~/components/community/notification-list";
import { SignedInOnly } from "~/components/community/sign-in-gate";
import { PageHeader } from "~/components/site/page-header";

export const metadata: Metadata = {
  title: "Notifications · Community",
  alternates: { canonical: "/community/notifications" },
  robots: { index: false },
};

/** /community/notifications: what happened to the member's topics and posts. */
export default function NotificationsPage() {
  return (
    <>
      <PageHeader eyebrow="Community" title="Notifications" />
      <div className="mx-auto max-w-6xl px-4 pb-16">
        <div className="max-w-3xl">
          <SignedInOnly what="see your notifications">
            <NotificationList />
          </SignedInOnly>
        </div>
      </div>
    </>
  );
}
