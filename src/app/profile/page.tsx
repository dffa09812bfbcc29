import type { Metadata } from "next";
import { Suspense } from "react";
import { ProfileView } from "~/components/profile/profile-view";

export const metadata: Metadata = { title: "Profile", robots: { index: false } };

export default function ProfilePage() {
  return (
    <Suspense fallback={<div className="mx-auto min-h-[60vh] max-w-4xl px-4 py-10 text-slate-500">Loading your profile...</div>}>
      <ProfileView />
    </Suspense>
  );
}
