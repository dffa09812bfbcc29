"use client";

import { useState } from "react";
import { useAuthModal } from "~/components/auth/auth-modals";
import { useSession } from "~/components/auth/session";
import { errorMessage, FormMessage } from "~/components/ui/form-field";
import { api } from "~/trpc/react";
import { IntakeForm } from "./intake-form";
import { RoadmapPlan } from "./roadmap-plan";

/** /roadmap: signed out, what the roadmap is; signed in, the intake form and then the plan. */
export function StudyRoadmap() {
  const { status } = useSession();
  if (status === "loading") return <p className="text-sm text-slate-500">Loading...</p>;
  if (status !== "authenticated") return <SignedOut />;
  return <SignedInRoadmap />;
}

function SignedInRoadmap() {
  const roadmap = api.roadmap.get.useQuery();
  const [editing, setEditing] = useState(false);
  if (roadmap.isPending) return <p className="text-sm text-slate-500">Loading your roadmap...</p>;
  if (roadmap.error)
    return (
      <FormMessage kind="error">{errorMessage(roadmap.error, "Your roadmap could not be loaded. Try again in a moment.")}</FormMessage>
    );
  const view = roadmap.data;
  if (!view || editing) return <IntakeForm current={view?.intake ?? null} onDone={() => setEditing(false)} />;
  return <RoadmapPlan view={view} onChangeIntake={() => setEditing(true)} />;
}

function SignedOut() {
  const { open } = useAuthModal();
  return (
    <section aria-labelledby="roadmap-signed-out" className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id="roadmap-signed-out" className="text-lg font-semibold">
        Plan your way to your first semester
      </h2>
      <ul className="mt-3 list-disc space-y-1 pl-5 text-sm leading-6 text-slate-700">
        <li>Answer a short form: nationality, degree, intake, the language of your programme, your level and your funding.</li>
        <li>Get your steps with target dates counted back from the semester start, late steps marked, each with its official page.</li>
        <li>Tick steps done, add notes, export them to your calendar, and get a weekly mail of what is due.</li>
      </ul>
      <p className="mt-3 text-sm text-slate-600">
        The whole roadmap is part of the Pro and Unlimited plans; with a free account you see its first three steps.
      </p>
      <div className="mt-5 flex flex-wrap gap-2">
        <button type="button" className="btn-primary" onClick={() => open("signup")}>
          Sign up
        </button>
        <button type="button" className="btn-secondary" onClick={() => open("login")}>
          Log in
        </button>
      </div>
    </section>
  );
}
