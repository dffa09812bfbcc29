import { z } from "zod";
import { ROLES } from "~/lib/permissions";
import { listQuery, recordIdSchema } from "./admin";
import { AUTH_MESSAGES, loginSchema, signupSchema, tokenSchema } from "./auth";
import { emailSchema } from "./common";

/** The roles staff can be invited to (an ordinary account is "user"). */
export const STAFF_ROLES = ["admin", "designer", "backoffice"] as const;

export const ROLE_LABELS: Record<(typeof ROLES)[number], string> = {
  admin: "Admin",
  designer: "Designer",
  backoffice: "Backoffice",
  user: "User (no staff role)",
};

/** Accounts can be suspended and reactivated from /admin; "inactive" is not set from there. */
export const ACCOUNT_STATUSES = ["active", "inactive", "suspended"] as const;

const roleSchema = z.enum(ROLES, { error: `role must be one of ${ROLES.join(", ")}` });
const staffRoleSchema = z.enum(STAFF_ROLES, { error: `role must be one of ${STAFF_ROLES.join(", ")}` });

/** admin.staff.list: staff accounts (any role but user), searched by name or email. */
export const staffListSchema = listQuery(["name", "email", "role", "lastLoginAt", "createdAt"], {
  role: staffRoleSchema.optional(),
  status: z.enum(ACCOUNT_STATUSES, { error: `status must be one of ${ACCOUNT_STATUSES.join(", ")}` }).optional(),
});
export type StaffListQuery = z.infer<typeof staffListSchema>;

/** The invite form and admin.staff.invite. */
export const inviteStaffSchema = z.object({ email: emailSchema, role: staffRoleSchema });
export type InviteStaffInput = z.infer<typeof inviteStaffSchema>;

export const inviteIdSchema = recordIdSchema;

export const changeRoleSchema = z.object({ userId: recordIdSchema.shape.id, role: roleSchema });
export const setAccountStatusSchema = z.object({
  userId: recordIdSchema.shape.id,
  status: z.enum(["active", "suspended"], { error: "status must be active or suspended" }),
});

/** The invitation link's token (/invite?token=...). */
export const inviteTokenSchema = tokenSchema;

/**
 * Accepting an invitation: a new address chooses its name and password (the same rules as signup);
 * an existing account confirms with its current password.
 */
export const acceptInviteSchema = z.discriminatedUnion(
  "account",
  [
    z.object({
      account: z.literal("new"),
      token: tokenSchema.shape.token,
      firstName: signupSchema.shape.firstName,
      lastName: signupSchema.shape.lastName,
      password: signupSchema.shape.password,
    }),
    z.object({ account: z.literal("existing"), token: tokenSchema.shape.token, password: loginSchema.shape.password }),
  ],
  { error: "account must be new or existing" },
);
export type AcceptInviteInput = z.infer<typeof acceptInviteSchema>;

/** The form of a new address: the fields above plus the confirmation. */
export const acceptInviteNewFormSchema = z
  .object({
    firstName: signupSchema.shape.firstName,
    lastName: signupSchema.shape.lastName,
    password: signupSchema.shape.password,
    confirmPassword: z.string(),
  })
  .refine((form) => form.password === form.confirmPassword, {
    message: AUTH_MESSAGES.passwordsDontMatch,
    path: ["confirmPassword"],
  });

export const acceptInviteExistingFormSchema = z.object({ password: loginSchema.shape.password });
