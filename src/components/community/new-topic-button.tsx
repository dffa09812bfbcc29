"use client";

import Link from "next/link";
import { MemberAction } from "./sign-in-gate";

/** "New topic": the form for verified members (in this category, if given); the login or a word about verifying for others. */
export function NewTopicButton({ categorySlug, label = "New topic" }: { categorySlug?: string; label?: string }) {
  const href = categorySlug ? `/community/new?${new URLSearchParams({ category: categorySlug })}` : "/community/new";
  return (
    <MemberAction label={label}>
      <Link href={href} className="btn-primary">
        {label}
      </Link>
    </MemberAction>
  );
}
