/**
 * The profile rules the form and the server share (src/lib/schemas/student.ts): a date of birth is
 * never in the future (wherever on Earth "today" already is) nor more than 120 years back, and the
 * gender takes the wider enumeration with "other" (divers).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DATE_OF_BIRTH_MESSAGES, dateOfBirthProblem, earliestDateOfBirth, studentUpdateSchema } from "~/lib/schemas/student";
import { callerFor, createUser } from "../helpers/session";
import { createTestDatabase, type TestDatabase } from "../helpers/test-database";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.stop();
});

const day = (offsetDays: number, now = new Date()) => new Date(now.getTime() + offsetDays * 86_400_000).toISOString().slice(0, 10);

describe("date of birth", () => {
  it("is refused in the future, by the shared rule and by the server, and nothing is saved", async () => {
    const user = await createUser(database.db);
    const api = callerFor(database.db, user.claims);
    for (const future of [day(2), "2999-01-01"]) {
      expect(dateOfBirthProblem(future)).toBe(DATE_OF_BIRTH_MESSAGES.future);
      expect(studentUpdateSchema.safeParse({ dateOfBirth: future }).error?.issues[0]?.message).toBe(DATE_OF_BIRTH_MESSAGES.future);
      await expect(api.students.updateMe({ dateOfBirth: future })).rejects.toThrow(DATE_OF_BIRTH_MESSAGES.future);
    }
    expect((await api.students.me()).dateOfBirth).toBeNull();
  });

  it("accepts today, 1990 and the earliest day; refuses the day before it and dates that do not exist", async () => {
    const user = await createUser(database.db);
    const api = callerFor(database.db, user.claims);
    for (const accepted of [day(0), "1990-05-15", earliestDateOfBirth()]) {
      await api.students.updateMe({ dateOfBirth: accepted });
      expect((await api.students.me()).dateOfBirth).toBe(accepted);
    }
    const before = day(-1, new Date(`${earliestDateOfBirth()}T12:00:00Z`));
    await expect(api.students.updateMe({ dateOfBirth: before })).rejects.toThrow(DATE_OF_BIRTH_MESSAGES.tooEarly);
    for (const invalid of ["2001-02-29", "1990-13-01", "15.05.1990"]) {
      await expect(api.students.updateMe({ dateOfBirth: invalid })).rejects.toThrow(DATE_OF_BIRTH_MESSAGES.invalid);
    }
  });

  it("counts today wherever it already is: at 23:00 UTC the next UTC day is nobody's future in UTC+14", () => {
    const lateEvening = new Date("2026-03-10T23:00:00Z");
    expect(dateOfBirthProblem("2026-03-11", lateEvening)).toBeNull();
    expect(dateOfBirthProblem("2026-03-12", lateEvening)).toBe(DATE_OF_BIRTH_MESSAGES.future);
  });
});

describe("gender", () => {
  it("takes 'other' (divers) as well as the spec's three values", async () => {
    const user = await createUser(database.db);
    const api = callerFor(database.db, user.claims);
    await api.students.updateMe({ gender: "other" });
    expect((await api.students.me()).gender).toBe("other");
    await expect(api.students.updateMe({ gender: "robot" as never })).rejects.toThrow(
      "Gender must be male, female, other or prefer_not_to_say",
    );
  });
});
