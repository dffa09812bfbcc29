import { describe, expect, it } from "vitest";
import { loginSchema, signupFormSchema, signupSchema } from "~/lib/schemas/auth";
import { profileCompletion, studentCreateSchema, studentUpdateSchema } from "~/lib/schemas/student";

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe("signup", () => {
  const valid = { firstName: " Jana ", lastName: " Novak ", email: " Jana@Example.org ", password: "12345678" };

  it("trims names and email and lower-cases the email", () => {
    expect(signupSchema.parse(valid)).toEqual({
      firstName: "Jana",
      lastName: "Novak",
      email: "jana@example.org",
      password: "12345678",
    });
  });

  it("needs a password of at least 8 characters", () => {
    expect(firstMessage(signupSchema.safeParse({ ...valid, password: "1234567" }))).toBe("Password must be at least 8 characters long");
  });

  it("needs the two passwords to match", () => {
    const result = signupFormSchema.safeParse({ ...valid, confirmPassword: "different" });
    expect(firstMessage(result)).toBe("Passwords don't match");
    expect(result.error?.issues[0]?.path).toEqual(["confirmPassword"]);
    expect(signupFormSchema.safeParse({ ...valid, confirmPassword: valid.password }).success).toBe(true);
  });

  it("names a missing field and a wrong type differently", () => {
    expect(firstMessage(signupSchema.safeParse({ ...valid, firstName: undefined }))).toBe("First name is required");
    expect(firstMessage(signupSchema.safeParse({ ...valid, firstName: 7 }))).toBe("First name must be text");
    expect(firstMessage(signupSchema.safeParse({ ...valid, email: "jana@" }))).toBe("Please enter a valid email address");
  });

  it("login trims the email", () => {
    expect(loginSchema.parse({ email: " A@B.de ", password: "x" }).email).toBe("a@b.de");
  });
});

describe("student profile writes", () => {
  it("turns cleared fields into null", () => {
    expect(studentUpdateSchema.parse({ phone: "  ", nationality: "" })).toEqual({ phone: null, nationality: null });
  });

  it("refuses server-owned and unknown fields by name", () => {
    const result = studentUpdateSchema.safeParse({ phone: "1", gracePeriodEndDate: null, plan: "pro" });
    expect(result.error?.issues.map((i) => i.message)).toEqual([
      "gracePeriodEndDate is managed by the server and cannot be changed here",
      "Unknown field: plan",
    ]);
  });

  it("checks the date of birth", () => {
    expect(firstMessage(studentUpdateSchema.safeParse({ dateOfBirth: "03/02/2001" }))).toBe("Date of birth must be a date (YYYY-MM-DD)");
    expect(firstMessage(studentUpdateSchema.safeParse({ dateOfBirth: "2001-02-30x" }))).toBe("Date of birth must be a date (YYYY-MM-DD)");
    expect(studentUpdateSchema.parse({ dateOfBirth: "2001-02-03" })).toEqual({ dateOfBirth: "2001-02-03" });
  });

  it("checks settings values", () => {
    expect(studentUpdateSchema.safeParse({ profileVisibility: "everyone" }).success).toBe(false);
    expect(firstMessage(studentUpdateSchema.safeParse({ timeZone: "UTC+05:30" }))).toBe(
      "Choose a time zone from the list, e.g. Europe/Berlin",
    );
    expect(firstMessage(studentUpdateSchema.safeParse({ language: "xx" }))).toBe("Choose a language from the list");
    expect(
      studentUpdateSchema.parse({
        timeZone: "Asia/Kolkata",
        language: "de-DE",
        dataSharing: "limited",
        marketingCommunications: "enabled",
      }),
    ).toEqual({
      timeZone: "Asia/Kolkata",
      language: "de-DE",
      dataSharing: "limited",
      marketingCommunications: "enabled",
    });
  });

  it("needs names to create a profile", () => {
    expect(studentCreateSchema.safeParse({ firstName: "A" }).success).toBe(false);
    expect(studentCreateSchema.parse({ firstName: "A", lastName: "B" })).toEqual({ firstName: "A", lastName: "B" });
  });

  it("computes completion from the ten profile fields", () => {
    expect(profileCompletion({})).toBe(0);
    expect(profileCompletion({ firstName: "A", lastName: "B", email: "a@b.de" })).toBe(30);
    expect(profileCompletion({ firstName: "A", lastName: "B", email: "a@b.de", phone: " ", gender: null })).toBe(30);
    expect(
      profileCompletion({
        firstName: "A",
        lastName: "B",
        email: "e",
        phone: "p",
        dateOfBirth: "2000-01-01",
        gender: "male",
        nationality: "n",
        country: "c",
        emergencyContactName: "x",
        emergencyContactPhone: "y",
      }),
    ).toBe(100);
  });
});
