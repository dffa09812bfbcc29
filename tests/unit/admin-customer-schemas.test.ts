import { describe, expect, it } from "vitest";
import { coachCreateSchema, coachUpdateSchema } from "~/lib/schemas/admin-coaches";
import { grantTokensSchema } from "~/lib/schemas/admin-customers";
import { contactMessageListSchema, supportRequestListSchema } from "~/lib/schemas/admin-support";
import { contactOriginOf, contactSchema } from "~/lib/schemas/site";

describe("the contact form's origin", () => {
  it("takes the partner pages' ?from= and anything else as the contact page", () => {
    expect(contactOriginOf("institutes")).toBe("institutes");
    expect(contactOriginOf("business")).toBe("business");
    expect(contactOriginOf(undefined)).toBe("contact");
    expect(contactOriginOf("evil")).toBe("contact");
    const message = {
      name: "Ana",
      email: "ana@example.com",
      subject: "Partnership",
      message: "A message long enough.",
    };
    expect(contactSchema.parse(message).origin).toBe("contact");
    expect(contactSchema.safeParse({ ...message, origin: "admin" }).success).toBe(false);
  });
});

describe("token grants", () => {
  it("need a whole amount from 1 to 1,000,000 and a reason", () => {
    expect(grantTokensSchema.parse({ userId: "u1", amount: "2500", reason: " Outage " })).toEqual({
      userId: "u1",
      amount: 2500,
      reason: "Outage",
    });
    for (const amount of [0, -5, 1_000_001, 2.5, "many"])
      expect(grantTokensSchema.safeParse({ userId: "u1", amount, reason: "x" }).success).toBe(false);
    expect(grantTokensSchema.safeParse({ userId: "u1", amount: 10, reason: "  " }).success).toBe(false);
  });
});

describe("coach fields", () => {
  it("keep each language and subject once, drop blank subjects, and refuse unknown languages", () => {
    const parsed = coachCreateSchema.parse({
      email: " Coach@Example.com ",
      languages: ["de", "de", "en"],
      subjects: ["Visa", " visa ", "", "CV"],
    });
    expect(parsed).toMatchObject({
      email: "coach@example.com",
      languages: ["de", "en"],
      subjects: ["Visa", "CV"],
      bio: null,
    });
    expect(coachCreateSchema.safeParse({ email: "coach@example.com", languages: ["xx-unknown"] }).success).toBe(false);
    // An edit changes only what it names: absent fields stay undefined, an empty bio clears it.
    expect(coachUpdateSchema.parse({ id: "c1", bio: "" })).toEqual({ id: "c1", bio: null });
  });
});

describe("the support queue's views", () => {
  it("show open requests and unhandled messages unless told otherwise", () => {
    expect(supportRequestListSchema.parse({}).status).toBe("open");
    expect(contactMessageListSchema.parse({}).handled).toBe("unhandled");
    expect(supportRequestListSchema.safeParse({ status: "lost" }).success).toBe(false);
  });
});
