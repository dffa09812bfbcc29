import { headers } from "next/headers";

/**
 * Structured data for search engines (schema.org), with "<" escaped so the JSON cannot close its
 * script. It carries the request's CSP nonce like every other script of the page (src/proxy.ts).
 */
export async function JsonLd({ data }: { data: unknown }) {
  const nonce = (await headers()).get("x-nonce") ?? undefined;
  return (
    <script
      type="application/ld+json"
      nonce={nonce}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON of our own page's data, with "<" escaped
      dangerouslySetInnerHTML={{ __html: JSON.stringify(data).replace(/</g, "\\u003c") }}
    />
  );
}
