import type { z } from "zod";
import { type Paged, pageWindow } from "~/lib/schemas/admin";
import type { MailGroup, MailKindName, MailTemplateDraft, mailTemplateListQuery } from "~/lib/schemas/mail-templates";
import type { Db } from "~/server/db/client";
import { AppError } from "~/server/errors";
import type { RenderedMail } from "~/server/mail/layout";
import { queueRenderedMail, renderForSending } from "~/server/mail/outbox";
import {
  checkMailOverride,
  type MailOverrideText,
  type PlaceholderInfo,
  renderMail,
  renderMailDraft,
  sampleInput,
  TEMPLATE_KINDS,
  templateInfo,
} from "~/server/mail/templates";
import { type AuditActor, recordAudit } from "../audit.service";
import { readSiteTexts } from "../site-texts.service";
import { accountsById } from "../user.service";

/**
 * The mail templates of /admin/templates: staff replace the subject and text of a kind of mail
 * (MailTemplateOverride); every mail of that kind queued afterwards uses it (src/server/mail/outbox.ts).
 */

interface Editor {
  email: string;
  name: string;
}

export interface MailTemplateRow {
  kind: MailKindName;
  title: string;
  description: string;
  group: MailGroup;
  customized: boolean;
  updatedAt: Date | null;
  updatedBy: Editor | null;
}

export interface MailTemplateDetail extends MailTemplateRow {
  /** What the mail uses now: the override, or the built-in text with placeholders. */
  subject: string;
  body: string;
  builtIn: MailOverrideText;
  placeholders: PlaceholderInfo[];
}

/** A kind of mail as the list shows it: its description and who changed it last, if anyone. */
function templateRow(
  kind: MailKindName,
  info: { title: string; description: string; group: MailGroup },
  override: { updatedAt: Date; updatedById: string | null } | null | undefined,
  editors: Map<string, Editor>,
): MailTemplateRow {
  return {
    kind,
    title: info.title,
    description: info.description,
    group: info.group,
    customized: Boolean(override),
    updatedAt: override?.updatedAt ?? null,
    updatedBy: override?.updatedById ? (editors.get(override.updatedById) ?? null) : null,
  };
}

/** Every kind of mail with whether staff changed it, filtered, sorted and paged in memory (15 kinds). */
export async function listMailTemplates(db: Db, query: z.infer<typeof mailTemplateListQuery>): Promise<Paged<MailTemplateRow>> {
  const overrides = await db.mailTemplateOverride.findMany({
    select: { kind: true, updatedAt: true, updatedById: true },
  });
  const byKind = new Map(overrides.map((override) => [override.kind, override]));
  const editors = await accountsById(
    db,
    overrides.map((override) => override.updatedById),
  );
  const search = query.q?.toLowerCase();
  let rows = TEMPLATE_KINDS.map((kind) => templateRow(kind, templateInfo(kind), byKind.get(kind), editors));
  rows = rows.filter(
    (row) =>
      (!search || [row.kind, row.title, row.description].some((text) => text.toLowerCase().includes(search))) &&
      (!query.group || row.group === query.group) &&
      (!query.customized || row.customized === (query.customized === "yes")),
  );
  if (query.sort) {
    const direction = query.dir === "asc" ? 1 : -1;
    const key = (row: MailTemplateRow) => (query.sort === "kind" ? row.kind : (row.updatedAt?.toISOString() ?? ""));
    rows.sort((a, b) => direction * key(a).localeCompare(key(b)));
  }
  const { skip, take } = pageWindow(query);
  return { rows: rows.slice(skip, skip + take), total: rows.length, page: query.page, pageSize: query.pageSize };
}

/** One kind: the text it uses now, the built-in text, and its placeholders with sample values. */
export async function getMailTemplate(db: Db, kind: MailKindName): Promise<MailTemplateDetail> {
  const [override, siteTexts] = await Promise.all([db.mailTemplateOverride.findUnique({ where: { kind } }), readSiteTexts(db)]);
  const info = templateInfo(kind, siteTexts);
  const editors = await accountsById(db, [override?.updatedById ?? null]);
  return {
    ...templateRow(kind, info, override, editors),
    subject: override?.subject ?? info.builtIn.subject,
    body: override?.body ?? info.builtIn.body,
    builtIn: info.builtIn,
    placeholders: info.placeholders,
  };
}

/** A draft rendered with sample data, and what is wrong with it (it is rendered as far as it can be). */
export async function previewMailTemplate(db: Db, draft: MailTemplateDraft): Promise<RenderedMail & { problems: string[] }> {
  const problems = checkMailOverride(draft.kind, draft);
  const input = sampleInput(draft.kind, await readSiteTexts(db));
  return { ...renderMailDraft(input, draft), problems };
}

function assertValid(draft: MailTemplateDraft) {
  const problems = checkMailOverride(draft.kind, draft);
  if (problems.length) throw new AppError("BAD_INPUT", problems.join(" "));
}

/** Stores the subject and text for a kind; the next mail of that kind uses them. */
export async function saveMailTemplate(db: Db, actor: AuditActor, draft: MailTemplateDraft) {
  assertValid(draft);
  return db.$transaction(async (tx) => {
    const before = await tx.mailTemplateOverride.findUnique({
      where: { kind: draft.kind },
      select: { subject: true, body: true },
    });
    const saved = await tx.mailTemplateOverride.upsert({
      where: { kind: draft.kind },
      create: { kind: draft.kind, subject: draft.subject, body: draft.body, updatedById: actor.id },
      update: { subject: draft.subject, body: draft.body, updatedById: actor.id },
    });
    await recordAudit(tx, actor, {
      action: "mail_template.saved",
      targetType: "mail_template",
      targetId: draft.kind,
      before,
      after: { subject: saved.subject, body: saved.body },
    });
    return { kind: saved.kind, updatedAt: saved.updatedAt };
  });
}

/** Goes back to the built-in mail for a kind. */
export async function resetMailTemplate(db: Db, actor: AuditActor, kind: MailKindName) {
  return db.$transaction(async (tx) => {
    const before = await tx.mailTemplateOverride.findUnique({ where: { kind }, select: { subject: true, body: true } });
    if (!before) return { kind, reset: false };
    await tx.mailTemplateOverride.delete({ where: { kind } });
    await recordAudit(tx, actor, {
      action: "mail_template.reset",
      targetType: "mail_template",
      targetId: kind,
      before,
      after: null,
    });
    return { kind, reset: true };
  });
}

const TEST_SUBJECT_PREFIX = "[Test] ";

/**
 * Queues the mail, rendered with sample data, to the staff member's own address: the draft from the
 * editor when given, else what the kind uses now. It goes through the outbox like every mail.
 */
export async function sendTestMailTemplate(db: Db, actor: AuditActor, input: { kind: MailKindName; subject?: string; body?: string }) {
  if (!actor.id) throw new AppError("FORBIDDEN", "Test mails go to a staff member's own address.");
  const draft =
    input.subject !== undefined && input.body !== undefined ? { kind: input.kind, subject: input.subject, body: input.body } : null;
  if (draft) assertValid(draft);
  return db.$transaction(async (tx) => {
    const sample = sampleInput(input.kind, await readSiteTexts(tx));
    const rendered = draft ? renderMail(sample, draft) : await renderForSending(tx, sample);
    const mail = await queueRenderedMail(
      tx,
      actor.email,
      input.kind,
      { ...rendered, subject: `${TEST_SUBJECT_PREFIX}${rendered.subject}` },
      actor.id,
    );
    await recordAudit(tx, actor, {
      action: "mail_template.test_sent",
      targetType: "mail_template",
      targetId: input.kind,
      after: { to: actor.email, subject: mail.subject, draft: Boolean(draft) },
    });
    return { mailId: mail.id, to: actor.email };
  });
}
