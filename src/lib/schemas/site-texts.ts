import { z } from "zod";

const BANNER_TONES = ["info", "warning"] as const;
type BannerTone = (typeof BANNER_TONES)[number];
export const BANNER_TEXT_MAX = 200;
export const BANNER_LABEL_MAX = 40;
const SUPPORT_HOURS_MAX = 120;

/** A link the banner may carry: a page of this site ("/pricing") or an absolute http(s) address. */
function isBannerLink(value: string): boolean {
  if (value.startsWith("/")) return !value.startsWith("//") && !/[\s\\]/.test(value);
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:";
  } catch {
    return false;
  }
}

const oneLine = (text: string) => !/[\r\n]/.test(text);

/** The announcement banner at the top of every public page. Empty strings mean "none". */
const announcementBannerSchema = z
  .object({
    enabled: z.boolean({ error: "Say whether the banner shows" }),
    text: z
      .string()
      .trim()
      .max(BANNER_TEXT_MAX, `The banner text must be at most ${BANNER_TEXT_MAX} characters`)
      .refine(oneLine, "The banner text must be one line"),
    linkUrl: z
      .string()
      .trim()
      .max(500, "The link must be at most 500 characters")
      .refine(
        (link) => link === "" || isBannerLink(link),
        "The link must start with https:// or http://, or be a page of this site starting with /",
      ),
    linkLabel: z
      .string()
      .trim()
      .max(BANNER_LABEL_MAX, `The link label must be at most ${BANNER_LABEL_MAX} characters`)
      .refine(oneLine, "The link label must be one line"),
    tone: z.enum(BANNER_TONES, { error: "The tone is info or warning" }),
  })
  .superRefine((banner, context) => {
    if (banner.enabled && !banner.text)
      context.addIssue({ code: "custom", path: ["text"], message: "Write the banner's text before turning it on" });
    if (banner.linkLabel && !banner.linkUrl)
      context.addIssue({
        code: "custom",
        path: ["linkUrl"],
        message: "Add the link the label leads to, or remove the label",
      });
  });

/** Site texts staff change in /admin/site-texts. */
export const siteTextsSchema = z.object({
  banner: announcementBannerSchema,
  supportHours: z
    .string({ error: "Support hours are required" })
    .trim()
    .min(1, "Support hours are required")
    .max(SUPPORT_HOURS_MAX, `Support hours must be at most ${SUPPORT_HOURS_MAX} characters`)
    .refine(oneLine, "Support hours must be one line"),
});

export type SiteTexts = z.infer<typeof siteTextsSchema>;

/** What the public pages show: the banner only while it is on. */
export interface PublicSiteTexts {
  banner: { text: string; linkUrl: string; linkLabel: string; tone: BannerTone } | null;
  supportHours: string;
}
