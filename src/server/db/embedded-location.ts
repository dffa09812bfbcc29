import { createHash } from "node:crypto";
import os from "node:os";
import path from "node:path";

/**
 * Where the embedded database of a data folder listens: a unix socket outside the project, where
 * file watchers and CSS scanners never stumble on it. One folder, one socket.
 */
export function embeddedSocketDir(dataDir: string): string {
  return path.join(os.tmpdir(), `swipeabroad-db-${createHash("sha256").update(path.resolve(dataDir)).digest("hex").slice(0, 12)}`);
}

/** The PGlite folder inside a data folder (DATA_DIR, default `.data/`). */
export function embeddedDataFolder(dataDir: string): string {
  return path.join(path.resolve(dataDir), "pglite");
}

/** The postgres:// URL that reaches an embedded database over its socket folder. */
export function embeddedDatabaseUrl(socketDir: string): string {
  return `postgresql://postgres:postgres@localhost/postgres?host=${encodeURIComponent(path.resolve(socketDir))}`;
}
