import { cache } from "react";
import type { PublicSiteTexts } from "~/lib/schemas/site-texts";
import { SITE } from "~/lib/site";
import { serverApi } from "~/server/api/server-caller";

/**
 * The site texts set in /admin/site-texts (banner, support hours), read once per request however
 * many parts of the page show them. If they cannot be read, the page still renders with the defaults.
 */
export const loadSiteTexts = cache(async (): Promise<PublicSiteTexts> => {
  try {
    return await (await serverApi()).site.texts();
  } catch (error) {
    console.error("[site texts] failed to load; showing the defaults:", error);
    return { banner: null, supportHours: SITE.supportHours };
  }
});
