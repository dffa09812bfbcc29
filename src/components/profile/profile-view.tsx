"use client";

import * as Tabs from "@radix-ui/react-tabs";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useEffect, useRef } from "react";
import { useAuthModal } from "~/components/auth/auth-modals";
import { useSession } from "~/components/auth/session";
import { SignInPrompt } from "~/components/auth/sign-in-prompt";
import { BillingTab } from "~/components/billing/billing-tab";
import { isPaidPlanId, type PaidPlanId, rememberChosenPlan } from "~/components/billing/chosen-plan";
import { MySessions } from "~/components/coaching/my-sessions";
import { DocumentsTab } from "~/components/documents/documents-tab";
import { MyRequests } from "~/components/services/my-requests";
import { getPlan, type PlanId } from "~/lib/plans";
import { api } from "~/trpc/react";
import { AccountTab } from "./account-tab";
import { ProfileTab } from "./profile-tab";
import { saveProfile } from "./save-profile";
import { SecurityTab } from "./security-tab";
import { SettingsTab } from "./settings-tab";

const PROFILE_TABS = [
  { value: "billing", label: "Billing" },
  { value: "profile", label: "Profile" },
  { value: "account", label: "Account" },
  { value: "services", label: "Services" },
  { value: "documents", label: "Documents" },
  { value: "settings", label: "Settings" },
  { value: "security", label: "Security" },
] as const;
type TabValue = (typeof PROFILE_TABS)[number]["value"];
const isTab = (value: string | null): value is TabValue => PROFILE_TABS.some((tab) => tab.value === value);

export function ProfileView() {
  const { data: session, status } = useSession();
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const student = api.students.me.useQuery(undefined, { enabled: status === "authenticated", retry: false });
  const tab: TabValue = isTab(params.get("tab")) ? (params.get("tab") as TabValue) : "profile";
  const linkedPlan = params.get("plan");
  const chosenPlan = isPaidPlanId(linkedPlan) ? linkedPlan : null;

  // An account without a student record (e.g. created through a social login) gets one on first visit.
  const missing = student.error?.data?.code === "NOT_FOUND";
  const creating = useRef(false);
  const { refetch: refetchStudent } = student;
  useEffect(() => {
    if (!missing || !session || creating.current) return;
    creating.current = true;
    const [firstName = "", ...rest] = (session.user.name ?? "").split(" ");
    saveProfile({ firstName: firstName || "Student", lastName: rest.join(" ") || "-" })
      .then(() => refetchStudent())
      .catch(() => undefined);
  }, [missing, session, refetchStudent]);

  if (status === "loading" || (status === "authenticated" && (student.isPending || missing))) {
    return (
      <div className="mx-auto min-h-[60vh] max-w-4xl px-4 py-10 text-slate-500" role="status">
        Loading your profile...
      </div>
    );
  }
  if (status === "unauthenticated") return <SignedOut planId={chosenPlan} />;
  if (!student.data) {
    return (
      <div className="mx-auto max-w-4xl px-4 py-10 text-red-700" role="alert">
        Failed to load your profile. Please try again.
      </div>
    );
  }
  const data = student.data;
  const plan = data.platformActivity.membershipStatus as PlanId;
  const initials = `${data.firstName[0] ?? ""}${data.lastName[0] ?? ""}`.toUpperCase();
  const refetch = () => void student.refetch();

  return (
    <div className="mx-auto max-w-4xl space-y-6 px-4 py-8">
      <button type="button" className="text-sm font-medium text-brand-600 hover:underline" onClick={() => window.history.back()}>
        ← Back
      </button>
      <header className="flex items-center gap-4">
        <div
          className="flex h-14 w-14 shrink-0 items-center justify-center rounded-full bg-brand-100 text-lg font-bold text-brand-700"
          aria-hidden
        >
          {initials}
        </div>
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <h1 className="text-2xl font-bold" data-testid="profile-name">
              {data.name}
            </h1>
            <span className="rounded-full bg-brand-100 px-2.5 py-0.5 text-xs font-semibold text-brand-700" data-testid="plan-badge">
              {getPlan(plan).name}
            </span>
          </div>
          <p className="truncate text-sm text-slate-600">{data.email}</p>
        </div>
      </header>
      <Tabs.Root
        value={tab}
        onValueChange={(value) => router.replace(`${pathname}?tab=${value}`, { scroll: false })}
        activationMode="manual"
      >
        <Tabs.List
          aria-label="Profile sections"
          className="flex flex-wrap gap-1 rounded-xl bg-slate-200/60 p-1 sm:flex-nowrap sm:overflow-x-auto"
        >
          {PROFILE_TABS.map((t) => (
            <Tabs.Trigger
              key={t.value}
              value={t.value}
              className="flex-1 whitespace-nowrap rounded-lg px-3 py-2 text-sm font-medium text-slate-700 data-[state=active]:bg-white data-[state=active]:text-brand-700 data-[state=active]:shadow-sm"
            >
              {t.label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <div className="mt-6">
          <Tabs.Content value="billing">
            <BillingTab />
          </Tabs.Content>
          <Tabs.Content value="profile">
            <ProfileTab student={data} onSaved={refetch} />
          </Tabs.Content>
          <Tabs.Content value="account">
            <AccountTab />
          </Tabs.Content>
          <Tabs.Content value="services" className="space-y-6">
            <MySessions />
            <MyRequests />
          </Tabs.Content>
          <Tabs.Content value="documents">
            <DocumentsTab />
          </Tabs.Content>
          <Tabs.Content value="settings">
            <SettingsTab student={data} onSaved={refetch} />
          </Tabs.Content>
          <Tabs.Content value="security">
            <SecurityTab email={data.email} />
          </Tabs.Content>
        </div>
      </Tabs.Root>
    </div>
  );
}

/**
 * Signed out: sign up or log in. Arriving with a chosen plan (a plan link opened signed out), sign-up
 * opens at once and the plan is kept, so its checkout opens once the account is signed in.
 */
function SignedOut({ planId }: { planId: PaidPlanId | null }) {
  const { open } = useAuthModal();
  const opened = useRef(false);
  useEffect(() => {
    if (!planId || opened.current) return;
    opened.current = true;
    rememberChosenPlan(planId);
    open("signup", { planId });
  }, [planId, open]);
  const keep = planId ? { planId } : undefined;
  const choose = (modal: "signup" | "login") => {
    if (planId) rememberChosenPlan(planId);
    open(modal, keep);
  };
  return (
    <div className="mx-auto min-h-[60vh] max-w-4xl px-4 py-10">
      <h1 className="text-2xl font-bold">Your profile</h1>
      <div className="mt-2">
        <SignInPrompt
          reason={
            planId
              ? `Create your account or log in: the ${getPlan(planId).name} checkout opens right after.`
              : "Sign up or log in to see and edit your profile."
          }
          onChoose={choose}
        />
      </div>
    </div>
  );
}
