import Link from "next/link";
import { FINDER_PATH, INSTITUTION_NOT_FOUND_MESSAGE } from "~/lib/schemas/tools/universities";

export default function InstitutionNotFound() {
  return (
    <div className="mx-auto max-w-2xl px-4 py-20 text-center">
      <p className="text-sm font-semibold text-brand-600">404</p>
      <h1 className="mt-2 text-3xl font-bold">Institution not found</h1>
      <p className="mt-3 text-slate-600">{INSTITUTION_NOT_FOUND_MESSAGE}</p>
      <Link href={FINDER_PATH} className="btn-primary mt-6">
        Open the University Finder
      </Link>
    </div>
  );
}
