import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ownerElsewhere } from "~/server/db/embedded";

describe("the embedded database's lock", () => {
  let other: ChildProcess;
  let dir: string;
  beforeAll(async () => {
    other = spawn(process.execPath, ["-e", "setTimeout(() => {}, 60000)"]);
    await new Promise((resolve) => other.once("spawn", resolve));
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "embedded-lock-"));
  });
  afterAll(() => {
    other.kill();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const lock = (pid: number, writtenAt?: Date) => {
    const file = path.join(dir, `${pid}-${writtenAt?.getTime() ?? "now"}.pid`);
    fs.writeFileSync(file, String(pid));
    if (writtenAt) fs.utimesSync(file, writtenAt, writtenAt);
    return file;
  };

  it("is held by the live process that wrote it", () => {
    expect(ownerElsewhere(lock(other.pid!))).toBe(other.pid);
  });

  it("is stale when the process with its id started after it was written: ids are reused", () => {
    expect(ownerElsewhere(lock(other.pid!, new Date(Date.now() - 3600_000)))).toBeNull();
  });

  it("is stale when its process is gone, and never held against the process itself", async () => {
    const gone = spawn(process.execPath, ["-e", ""]);
    await new Promise((resolve) => gone.once("exit", resolve));
    expect(ownerElsewhere(lock(gone.pid!))).toBeNull();
    expect(ownerElsewhere(lock(process.pid))).toBeNull();
    expect(ownerElsewhere(path.join(dir, "missing.pid"))).toBeNull();
  });
});
