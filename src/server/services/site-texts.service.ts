import { type PublicSiteTexts, type SiteTexts, siteTextsSchema } from "~/lib/schemas/site-texts";
import { SITE } from "~/lib/site";
import type { Db, DbOrTx } from "~/server/db/client";
import type { AuditActor } from "./audit.service";
import { defineSetting, readSetting, writeSetting } from "./settings.service";

/**
 * Texts of the site that staff change without a release (/admin/site-texts): the announcement
 * banner above every public page and the support hours shown on the contact page, in the footer and
 * in mails. Read on every use, so a change shows at once.
 */
const siteTextsSetting = defineSetting({
  name: "site-texts",
  schema: siteTextsSchema,
  defaults: (): SiteTexts => ({
    banner: { enabled: false, text: "", linkUrl: "", linkLabel: "", tone: "info" },
    supportHours: SITE.supportHours,
  }),
});

export function readSiteTexts(db: DbOrTx): Promise<SiteTexts> {
  return readSetting(db, siteTextsSetting);
}

/** Validates, stores and audits new site texts ("settings.changed", target "site-texts"). */
export function updateSiteTexts(db: Db, actor: AuditActor, value: unknown): Promise<SiteTexts> {
  return writeSetting(db, actor, siteTextsSetting, value);
}

/** The texts public pages show: the banner only while it is on. */
export async function publicSiteTexts(db: DbOrTx): Promise<PublicSiteTexts> {
  const { banner, supportHours } = await readSiteTexts(db);
  return {
    banner:
      banner.enabled && banner.text ? { text: banner.text, linkUrl: banner.linkUrl, linkLabel: banner.linkLabel, tone: banner.tone } : null,
    supportHours,
  };
}
