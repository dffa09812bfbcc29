import type { z } from "zod";
import type { Db, DbOrTx } from "~/server/db/client";
import { AppError } from "~/server/errors";
import { log } from "~/server/observability/log";
import { type AuditActor, recordAudit } from "./audit.service";

/**
 * Settings staff change in /admin, stored as JSON in AppSetting under "setting:<name>" (the prefix
 * keeps them apart from server secrets in the same table). Each setting has a zod schema and
 * defaults; a stored value is read on every use, so a change applies at once on every instance
 * without a restart. Fields missing from a stored value (added in a later release) take their
 * defaults.
 */
export interface SettingDefinition<Shape extends z.ZodRawShape> {
  name: string;
  schema: z.ZodObject<Shape>;
  defaults: () => z.infer<z.ZodObject<Shape>>;
}

export function defineSetting<Shape extends z.ZodRawShape>(definition: SettingDefinition<Shape>) {
  return definition;
}

const keyOf = (name: string) => `setting:${name}`;

export async function readSetting<Shape extends z.ZodRawShape>(
  db: DbOrTx,
  setting: SettingDefinition<Shape>,
): Promise<z.infer<z.ZodObject<Shape>>> {
  const defaults = setting.defaults();
  const row = await db.appSetting.findUnique({ where: { key: keyOf(setting.name) } });
  if (!row) return defaults;
  let stored: unknown;
  try {
    stored = JSON.parse(row.value);
  } catch {
    stored = null;
  }
  const parsed = setting.schema.safeParse({ ...defaults, ...(stored && typeof stored === "object" ? stored : {}) });
  if (!parsed.success) {
    // A value written by an older release that no longer validates: use the defaults, say so in the log.
    log.warn({ setting: setting.name }, "a stored setting is not valid any more; using the defaults");
    return defaults;
  }
  return parsed.data;
}

/** Validates, stores and audits a new value; answers the stored value. */
export async function writeSetting<Shape extends z.ZodRawShape>(
  db: Db,
  actor: AuditActor,
  setting: SettingDefinition<Shape>,
  value: unknown,
): Promise<z.infer<z.ZodObject<Shape>>> {
  const parsed = setting.schema.safeParse(value);
  if (!parsed.success) throw new AppError("BAD_INPUT", parsed.error.issues[0]?.message ?? "Invalid setting");
  return db.$transaction(async (tx) => {
    const before = await readSetting(tx, setting);
    const key = keyOf(setting.name);
    const json = JSON.stringify(parsed.data);
    await tx.appSetting.upsert({ where: { key }, create: { key, value: json }, update: { value: json } });
    await recordAudit(tx, actor, {
      action: "settings.changed",
      targetType: "setting",
      targetId: setting.name,
      before,
      after: parsed.data,
    });
    return parsed.data;
  });
}
