import Link from "next/link";
import { HomeActions } from "~/components/home-actions";

export default function HomePage() {
  return (
    <section className="mx-auto max-w-6xl px-4 py-16 sm:py-24">
      <p className="text-sm font-semibold uppercase tracking-wide text-brand-600">Study and move to Germany</p>
      <h1 className="mt-3 max-w-3xl text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl">
        Find your way abroad, one clear answer at a time.
      </h1>
      <p className="mt-5 max-w-2xl text-lg text-slate-600">
        Admission, language tests, the student visa, the blocked account, health insurance, housing and your first weeks
        in Germany: plan every step with sourced guidance.
      </p>
      <HomeActions />
      <p className="mt-10 text-sm text-slate-500">
        Already a member? Open your <Link href="/profile" className="font-medium text-brand-600 hover:underline">profile</Link>.
      </p>
    </section>
  );
}
