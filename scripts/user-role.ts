/**
 * `npm run user:role -- <email> <role>`: gives an existing account a role (user, admin, designer,
 * backoffice), e.g. the first admin of a new server. Works on DATABASE_URL, on the database a
 * running app serves, or on the embedded database in .data/ when nothing runs. Recorded in the
 * audit log as a command-line change.
 */
import os from "node:os";
import { ROLES, type Role } from "../src/lib/permissions";
import { createDb } from "../src/server/db/client";
import { openDatabase, prepareDatabase } from "../src/server/db/setup";
import { AppError } from "../src/server/errors";
import { changeRole } from "../src/server/services/admin/staff.service";

const [email, role] = process.argv.slice(2);
if (!email || !role || !(ROLES as readonly string[]).includes(role)) {
  console.error(`Usage: npm run user:role -- <email> <${ROLES.join("|")}>`);
  process.exit(1);
}
try {
  process.loadEnvFile();
} catch {
  // no .env file: the embedded defaults apply
}

const database = await openDatabase(undefined, { shareRunning: true });
let exitCode = 0;
try {
  await prepareDatabase(database.url, { log: () => {} });
  const db = createDb({ connectionString: database.url, poolMax: 1 });
  try {
    const actor = { id: null, email: `command line (${os.userInfo().username})`, ip: null };
    const result = await changeRole(db, actor, { email }, role as Role);
    console.log(result.changed ? `${result.email} is now ${result.role}.` : `${result.email} already has the role ${result.role}.`);
    const user = await db.user.findUniqueOrThrow({
      where: { id: result.id },
      select: { emailVerifiedAt: true, totpEnabledAt: true },
    });
    if (result.role !== "user" && !user.totpEnabledAt) {
      console.log("Before /admin opens, sign in and set up two-factor sign-in in the profile's Security tab.");
    }
    if (!user.emailVerifiedAt) console.log("The email address is not verified yet: open the link of the verification mail.");
  } finally {
    await db.$disconnect();
  }
} catch (error) {
  console.error(error instanceof AppError ? error.message : error);
  exitCode = 1;
} finally {
  await database.stop();
}
process.exit(exitCode);
