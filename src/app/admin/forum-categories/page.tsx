import type { Metadata } from "next";
import { AdminPageHeader } from "~/components/admin/admin-nav";
import { ForumCategories } from "~/components/admin/forum-categories";
import { canAccess } from "~/lib/admin-sections";
import { FORUM_CATEGORY_WRITE_ACCESS } from "~/lib/schemas/community";
import { requireSection } from "../access";

export const metadata: Metadata = { title: "Forum categories", robots: { index: false } };

export default async function ForumCategoriesPage() {
  const { me, section } = await requireSection("forum-categories");
  return (
    <div>
      <AdminPageHeader
        title={section.title}
        description="The categories of the community forum, in the order the forum lists them. An archived category keeps its topics readable but takes no new ones; categories are never deleted."
      />
      <ForumCategories canEdit={canAccess(me.role, FORUM_CATEGORY_WRITE_ACCESS)} />
    </div>
  );
}
