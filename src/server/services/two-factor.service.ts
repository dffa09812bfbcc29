import { randomBytes } from "node:crypto";
import * as OTPAuth from "otpauth";
import QRCode from "qrcode";
import { SITE } from "~/lib/site";
import { verifyPassword } from "~/server/auth/password";
import { openSecret, sealSecret } from "~/server/auth/secret-box";
import type { Db } from "~/server/db/client";
import { AppError } from "~/server/errors";
import { hashToken } from "./account-tokens.service";
import { secretCheckPasses } from "./secret-checks.service";
import type { SessionClaims } from "./sessions.service";

const SECRET_PURPOSE = "totp";
const PERIOD_SECONDS = 30;
const RECOVERY_CODE_COUNT = 10;

const TWO_FACTOR_MESSAGES = {
  invalidCode: "That code is not correct. Enter the current 6-digit code from your authenticator app, or a recovery code.",
  notStarted: "Start the two-factor setup first.",
  alreadyEnabled: "Two-factor sign-in is already on.",
  notEnabled: "Two-factor sign-in is not on.",
  wrongPassword: "Your password is not correct.",
} as const;

function totpFor(secretBase32: string, label: string) {
  return new OTPAuth.TOTP({
    issuer: SITE.brand,
    label,
    algorithm: "SHA1",
    digits: 6,
    period: PERIOD_SECONDS,
    secret: OTPAuth.Secret.fromBase32(secretBase32),
  });
}

/** Recovery codes look like "4f9k-2m7q-x8wd": 60 random bits, easy to type. */
function newRecoveryCode(): string {
  const alphabet = "23456789abcdefghjkmnpqrstuvwxyz";
  const bytes = randomBytes(12);
  const chars = Array.from(bytes, (byte) => alphabet[byte % alphabet.length]).join("");
  return `${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8, 12)}`;
}
const normaliseRecoveryCode = (code: string) =>
  code
    .trim()
    .toLowerCase()
    .replace(/[^0-9a-z]/g, "");

/**
 * Starts the setup: a new secret kept (encrypted) but not yet in force, shown as a QR code for the
 * authenticator app and as a key to type.
 */
export async function beginTwoFactorSetup(db: Db, actor: SessionClaims) {
  const user = await db.user.findUniqueOrThrow({ where: { id: actor.id } });
  if (user.totpEnabledAt) throw new AppError("CONFLICT", TWO_FACTOR_MESSAGES.alreadyEnabled);
  const secret = new OTPAuth.Secret({ size: 20 });
  await db.user.update({
    where: { id: actor.id },
    data: { totpSecret: await sealSecret(db, SECRET_PURPOSE, secret.base32), totpLastStep: null },
  });
  const uri = totpFor(secret.base32, user.email).toString();
  return { secret: secret.base32, uri, qrCodeDataUrl: await QRCode.toDataURL(uri, { margin: 1, width: 220 }) };
}

/**
 * Checks a 6-digit code against the user's secret, allowing one step of clock drift, and accepts each
 * step once (a code seen by someone else cannot be used again).
 */
async function acceptTotpCode(
  db: Db,
  user: { id: string; email: string; totpSecret: string | null; totpLastStep: number | null },
  code: string,
) {
  if (!user.totpSecret || !/^\d{6}$/.test(code.trim())) return false;
  const secret = await openSecret(db, SECRET_PURPOSE, user.totpSecret);
  const delta = totpFor(secret, user.email).validate({ token: code.trim(), window: 1 });
  if (delta === null) return false;
  const step = Math.floor(Date.now() / 1000 / PERIOD_SECONDS) + delta;
  if (user.totpLastStep !== null && step <= user.totpLastStep) return false;
  const { count } = await db.user.updateMany({
    where: { id: user.id, OR: [{ totpLastStep: null }, { totpLastStep: { lt: step } }] },
    data: { totpLastStep: step },
  });
  return count === 1;
}

async function redeemRecoveryCode(db: Db, userId: string, code: string) {
  const normalised = normaliseRecoveryCode(code);
  if (normalised.length !== 12) return false;
  const { count } = await db.recoveryCode.updateMany({
    where: { userId, codeHash: hashToken(normalised), usedAt: null },
    data: { usedAt: new Date() },
  });
  return count === 1;
}

/** A second factor at sign-in (or to confirm a sensitive action): a current code or an unused recovery code. */
export async function verifySecondFactor(db: Db, userId: string, code: string): Promise<boolean> {
  const user = await db.user.findUnique({ where: { id: userId } });
  if (!user?.totpEnabledAt) return false;
  return (await acceptTotpCode(db, user, code)) || (await redeemRecoveryCode(db, userId, code));
}

async function replaceRecoveryCodes(db: Db, userId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await db.$transaction([
    db.recoveryCode.deleteMany({ where: { userId } }),
    db.recoveryCode.createMany({
      data: codes.map((code) => ({ userId, codeHash: hashToken(normaliseRecoveryCode(code)) })),
    }),
  ]);
  return codes;
}

/** Turns two-factor sign-in on with a first code from the app; returns the recovery codes, shown once. */
export async function confirmTwoFactorSetup(db: Db, actor: SessionClaims, code: string) {
  const user = await db.user.findUniqueOrThrow({ where: { id: actor.id } });
  if (user.totpEnabledAt) throw new AppError("CONFLICT", TWO_FACTOR_MESSAGES.alreadyEnabled);
  if (!user.totpSecret) throw new AppError("BAD_INPUT", TWO_FACTOR_MESSAGES.notStarted);
  if (!(await acceptTotpCode(db, user, code))) throw new AppError("BAD_INPUT", TWO_FACTOR_MESSAGES.invalidCode);
  await db.user.update({
    where: { id: actor.id },
    data: { totpEnabledAt: new Date(), student: { update: { twoFactorAuth: "enabled" } } },
  });
  return { recoveryCodes: await replaceRecoveryCodes(db, actor.id) };
}

/** Turning it off asks for the password (when the account has one) and a current code. */
export async function disableTwoFactor(db: Db, actor: SessionClaims, input: { password?: string; code: string }, ip: string) {
  const user = await db.user.findUniqueOrThrow({ where: { id: actor.id } });
  if (!user.totpEnabledAt) throw new AppError("CONFLICT", TWO_FACTOR_MESSAGES.notEnabled);
  const passwordHash = user.passwordHash;
  if (passwordHash && !(await secretCheckPasses(db, actor, ip, () => verifyPassword(passwordHash, input.password ?? "")))) {
    throw new AppError("BAD_INPUT", TWO_FACTOR_MESSAGES.wrongPassword);
  }
  if (!(await secretCheckPasses(db, actor, ip, () => verifySecondFactor(db, actor.id, input.code))))
    throw new AppError("BAD_INPUT", TWO_FACTOR_MESSAGES.invalidCode);
  await db.$transaction([
    db.user.update({
      where: { id: actor.id },
      data: {
        totpSecret: null,
        totpEnabledAt: null,
        totpLastStep: null,
        student: { update: { twoFactorAuth: "disabled" } },
      },
    }),
    db.recoveryCode.deleteMany({ where: { userId: actor.id } }),
  ]);
}

/** New recovery codes (the old ones stop working), after a current code. */
export async function regenerateRecoveryCodes(db: Db, actor: SessionClaims, code: string, ip: string) {
  if (!(await secretCheckPasses(db, actor, ip, () => verifySecondFactor(db, actor.id, code))))
    throw new AppError("BAD_INPUT", TWO_FACTOR_MESSAGES.invalidCode);
  return { recoveryCodes: await replaceRecoveryCodes(db, actor.id) };
}

export async function twoFactorStatus(db: Db, actor: SessionClaims) {
  const user = await db.user.findUniqueOrThrow({ where: { id: actor.id }, select: { totpEnabledAt: true } });
  const remaining = await db.recoveryCode.count({ where: { userId: actor.id, usedAt: null } });
  return {
    enabled: user.totpEnabledAt !== null,
    enabledAt: user.totpEnabledAt,
    recoveryCodesLeft: user.totpEnabledAt ? remaining : 0,
  };
}
