import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { TemplateEditor } from "~/components/admin/template-editor";
import { MAIL_KINDS, type MailKindName } from "~/lib/schemas/mail-templates";
import { requireSection } from "../../access";

export const metadata: Metadata = { title: "Edit mail template", robots: { index: false } };

export default async function TemplateEditorPage({ params }: { params: Promise<{ kind: string }> }) {
  await requireSection("templates");
  const { kind } = await params;
  if (!(MAIL_KINDS as readonly string[]).includes(kind)) notFound();
  return (
    <div>
      <p className="mb-2 text-sm">
        <Link href="/admin/templates" className="text-brand-600 hover:underline">
          ← All mail templates
        </Link>
      </p>
      <TemplateEditor kind={kind as MailKindName} />
    </div>
  );
}
