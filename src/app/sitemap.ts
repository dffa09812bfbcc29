import type { MetadataRoute } from "next";
import { appUrl } from "~/env";
import { serverApi } from "~/server/api/server-caller";

/** /sitemap.xml: every public page, topic, guide, university and community topic, read at request time. */
export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  const api = await serverApi();
  const base = appUrl();
  return (await api.content.sitemap()).map((entry) => ({
    url: `${base}${entry.path}`,
    ...(entry.lastModified ? { lastModified: entry.lastModified } : {}),
  }));
}
