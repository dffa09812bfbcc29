import type { Student } from "~/generated/prisma/client";
import { profileCompletion, type StudentCreate, type StudentUpdate } from "~/lib/schemas/student";
import { chatModelOptions } from "~/server/ai/models";
import type { Db } from "~/server/db/client";
import { AppError } from "~/server/errors";
import type { SessionClaims } from "./sessions.service";

/** Whether a hosted model is configured here: only such a model answers in the user's chosen language. */
export function settingsFacts(): { hostedModel: boolean } {
  return { hostedModel: chatModelOptions().some((option) => option.value !== "local" && option.configured) };
}

/** The language a hosted model should answer the user in; null for visitors and unknown users. */
export async function answerLanguage(db: Db, userId: string | null): Promise<string | null> {
  if (!userId) return null;
  const student = await db.student.findUnique({ where: { userId }, select: { language: true } });
  return student?.language ?? null;
}

const STUDENT_NOT_FOUND = "No student profile exists for this account yet.";

/** The student record as the API shows it (spec section 3), without internal ids. */
export function toStudentDto(student: Student) {
  return {
    firstName: student.firstName,
    lastName: student.lastName,
    name: `${student.firstName} ${student.lastName}`.trim(),
    email: student.email,
    phone: student.phone,
    dateOfBirth: student.dateOfBirth,
    gender: student.gender,
    nationality: student.nationality,
    country: student.country,
    countryOfResidence: student.country,
    emergencyContactName: student.emergencyContactName,
    emergencyContactPhone: student.emergencyContactPhone,
    emailNotifications: student.emailNotifications,
    smsNotifications: student.smsNotifications,
    roadmapDigest: student.roadmapDigest,
    communityDigest: student.communityDigest,
    language: student.language,
    timeZone: student.timeZone,
    twoFactorAuth: student.twoFactorAuth,
    profileVisibility: student.profileVisibility,
    dataSharing: student.dataSharing,
    activityTracking: student.activityTracking,
    marketingCommunications: student.marketingCommunications,
    profileCompletion: student.profileCompletion,
    stripeCustomerId: student.stripeCustomerId,
    gracePeriodEndDate: student.gracePeriodEndDate,
    billingEmail: student.billingEmail,
    nextBillingDate: student.nextBillingDate,
    lastPaymentDate: student.lastPaymentDate,
    billing: {
      stripeCustomerId: student.stripeCustomerId,
      nextBillingDate: student.nextBillingDate,
      lastPaymentDate: student.lastPaymentDate,
    },
    platformActivity: { membershipStatus: student.membershipPlan },
    createdAt: student.createdAt,
    updatedAt: student.updatedAt,
  };
}
export type StudentDto = ReturnType<typeof toStudentDto>;

export async function getMyStudent(db: Db, actor: SessionClaims): Promise<StudentDto> {
  const student = await db.student.findUnique({ where: { userId: actor.id } });
  if (!student) throw new AppError("NOT_FOUND", STUDENT_NOT_FOUND);
  return toStudentDto(student);
}

export async function updateMyStudent(db: Db, actor: SessionClaims, update: StudentUpdate): Promise<StudentDto> {
  return db.$transaction(async (tx) => {
    const current = await tx.student.findUnique({ where: { userId: actor.id } });
    if (!current) throw new AppError("NOT_FOUND", STUDENT_NOT_FOUND);
    const merged = { ...current, ...update };
    const student = await tx.student.update({
      where: { userId: actor.id },
      data: { ...update, profileCompletion: profileCompletion(merged) },
    });
    if (update.firstName !== undefined || update.lastName !== undefined) {
      await tx.user.update({ where: { id: actor.id }, data: { name: `${student.firstName} ${student.lastName}` } });
    }
    return toStudentDto(student);
  });
}

export async function createMyStudent(db: Db, actor: SessionClaims, input: StudentCreate): Promise<StudentDto> {
  const { email: _ignored, ...fields } = input; // the profile's email is always the account's own
  const firstName = fields.firstName ?? actor.name.split(" ")[0] ?? "";
  const lastName = fields.lastName ?? actor.name.split(" ").slice(1).join(" ");
  const data = { ...fields, firstName, lastName, email: actor.email };
  const existing = await db.student.findUnique({ where: { userId: actor.id }, select: { id: true } });
  if (existing)
    throw new AppError("CONFLICT", "A student profile already exists for this account. Use PATCH /api/students/me to change it.");
  const student = await db.student.create({
    data: { ...data, userId: actor.id, profileCompletion: profileCompletion(data) },
  });
  return toStudentDto(student);
}
