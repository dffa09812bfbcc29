import type { MetadataRoute } from "next";
import { appUrl } from "~/env";

/** /robots.txt: the public site may be crawled; the private areas and the API may not. */
export const dynamic = "force-dynamic";

export default function robots(): MetadataRoute.Robots {
  return {
    rules: {
      userAgent: "*",
      allow: "/",
      disallow: ["/admin", "/api/", "/profile", "/billing", "/invite", "/reset-password", "/verify-email"],
    },
    sitemap: `${appUrl()}/sitemap.xml`,
  };
}
