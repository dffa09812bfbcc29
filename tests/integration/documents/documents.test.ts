import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { TRPCError } from "@trpc/server";
import { NextRequest } from "next/server";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import * as downloadRoute from "~/app/api/documents/[id]/download/route";
import * as versionsRoute from "~/app/api/documents/[id]/versions/route";
import * as uploadRoute from "~/app/api/documents/route";
import { DOCUMENT_MESSAGES } from "~/lib/schemas/documents";
import { fileTooLargeMessage } from "~/lib/ui/file-upload";
import { proxy } from "~/proxy";
import { publicError } from "~/server/api/trpc";
import { SIGN_IN_REQUIRED_MESSAGE } from "~/server/errors";
import { exportAccountData } from "~/server/services/account.service";
import { canReadDocument } from "~/server/services/documents/access.service";
import { getObjectStorage, StoredObjectMissingError } from "~/server/storage";
import { startS3Fake } from "../../fakes/s3-server";
import { createStaff } from "../../helpers/admin";
import { sampleDocx, sampleExe, sampleJpeg, samplePdf, samplePng, sampleZip } from "../../helpers/documents";
import { callerFor, createUser, sessionCookie } from "../../helpers/session";
import { createTestDatabase, type TestDatabase } from "../../helpers/test-database";

let t: TestDatabase;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "documents-data-"));
const SETTINGS = [
  "DATA_DIR",
  "DOCUMENT_MAX_MB",
  "DOCUMENT_QUOTA_MB",
  "RATE_LIMIT_UPLOAD",
  "S3_ENDPOINT",
  "S3_BUCKET",
  "S3_REGION",
  "S3_ACCESS_KEY_ID",
  "S3_SECRET_ACCESS_KEY",
  "S3_FORCE_PATH_STYLE",
];
const saved = Object.fromEntries(SETTINGS.map((key) => [key, process.env[key]]));
beforeAll(async () => {
  t = await createTestDatabase();
  process.env.DATA_DIR = dataDir;
});
afterEach(() => {
  for (const key of SETTINGS.slice(1)) {
    if (saved[key] === undefined) delete process.env[key];
    else process.env[key] = saved[key];
  }
});
afterAll(async () => {
  await t?.stop();
  if (saved.DATA_DIR === undefined) delete process.env.DATA_DIR;
  else process.env.DATA_DIR = saved.DATA_DIR;
  fs.rmSync(dataDir, { recursive: true, force: true });
});

type Account = Awaited<ReturnType<typeof createUser>>;
type Handler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;

async function cookieOf(account: Account) {
  return sessionCookie(t.db, account.claims);
}

async function send(handler: Handler, url: string, init: RequestInit, params: Record<string, string> = {}) {
  const response = await handler(new Request(new URL(url, "http://localhost:3000"), init), {
    params: Promise.resolve(params),
  });
  const isJson = response.headers.get("content-type")?.includes("application/json");
  return {
    status: response.status,
    headers: response.headers,
    json: isJson ? await response.json() : undefined,
    bytes: isJson ? undefined : Buffer.from(await response.arrayBuffer()),
  };
}

function form(bytes: Buffer, fileName: string, name?: string) {
  const body = new FormData();
  body.set("file", new File([new Uint8Array(bytes)], fileName, { type: "application/pdf" }));
  if (name !== undefined) body.set("name", name);
  return body;
}

async function upload(cookie: string, bytes: Buffer, fileName: string, name?: string) {
  return send(uploadRoute.POST as Handler, "/api/documents", {
    method: "POST",
    headers: { cookie },
    body: form(bytes, fileName, name),
  });
}

async function uploadVersion(cookie: string, documentId: string, bytes: Buffer, fileName: string) {
  return send(
    versionsRoute.POST as Handler,
    `/api/documents/${documentId}/versions`,
    { method: "POST", headers: { cookie }, body: form(bytes, fileName) },
    { id: documentId },
  );
}

async function download(cookie: string | null, documentId: string, version?: string) {
  const query = version === undefined ? "" : `?version=${version}`;
  return send(
    downloadRoute.GET as Handler,
    `/api/documents/${documentId}/download${query}`,
    { headers: cookie ? { cookie } : {} },
    { id: documentId },
  );
}

async function rejection(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(TRPCError);
  return { code: (error as TRPCError).code, message: publicError(error as TRPCError).message };
}

/** A PDF of about `size` bytes (a real header, then padding). */
const pdfOfSize = (size: number) => Buffer.concat([samplePdf(), Buffer.alloc(Math.max(0, size - samplePdf().length), 0x20)]);

const storedObjectCount = () => {
  const root = path.join(dataDir, "uploads");
  if (!fs.existsSync(root)) return 0;
  return fs
    .readdirSync(root)
    .reduce((count, folder) => count + fs.readdirSync(path.join(root, folder)).filter((name) => !name.endsWith(".partial")).length, 0);
};

describe("uploads: the server's own checks", () => {
  it("accepts PDF, JPEG, PNG and Word files, recognised by their bytes, and keeps them under random keys", async () => {
    const user = await createUser(t.db);
    const cookie = await cookieOf(user);
    const files: [Buffer, string, string][] = [
      [samplePdf(), "transcript.pdf", "application/pdf"],
      [await sampleJpeg(), "passport photo.jpg", "image/jpeg"],
      [await samplePng(), "certificate.png", "image/png"],
      [sampleDocx(), "motivation.docx", "application/vnd.openxmlformats-officedocument.wordprocessingml.document"],
    ];
    for (const [bytes, fileName, mimeType] of files) {
      const response = await upload(cookie, bytes, fileName);
      expect(response.status).toBe(201);
      expect(response.json.document).toMatchObject({
        name: fileName.replace(/\.[^.]+$/, ""),
        latest: { version: 1, fileName, mimeType, sizeBytes: bytes.length },
      });
    }
    const keys = await t.db.documentVersion.findMany({
      where: { document: { userId: user.claims.id } },
      select: { storageKey: true },
    });
    expect(keys).toHaveLength(4);
    for (const { storageKey } of keys) expect(storageKey).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it("a program renamed .pdf, a plain zip and a text file are refused with a clear message, and nothing is kept", async () => {
    const user = await createUser(t.db);
    const cookie = await cookieOf(user);
    const before = storedObjectCount();
    for (const [bytes, fileName] of [
      [sampleExe(), "transcript.pdf"],
      [sampleZip(), "letter.docx"],
      [Buffer.from("just some text"), "notes.png"],
    ] as const) {
      const response = await upload(cookie, bytes, fileName);
      expect(response).toMatchObject({ status: 415, json: { success: false, error: DOCUMENT_MESSAGES.wrongType } });
    }
    expect(DOCUMENT_MESSAGES.wrongType).toBe("This file is not a PDF, JPEG, PNG or Word document (.docx).");
    expect(await t.db.document.count({ where: { userId: user.claims.id } })).toBe(0);
    expect(storedObjectCount()).toBe(before);
  });

  it("a file over the size limit is refused (413), and a declared body over it before a byte is read", async () => {
    process.env.DOCUMENT_MAX_MB = "1";
    const user = await createUser(t.db);
    const cookie = await cookieOf(user);
    const tooBig = await upload(cookie, pdfOfSize(1024 * 1024 + 10), "scan.pdf");
    expect(tooBig).toMatchObject({ status: 413, json: { success: false, error: fileTooLargeMessage(1) } });
    expect((await upload(cookie, pdfOfSize(1024 * 1024 - 1000), "scan.pdf")).status).toBe(201);

    let pulled = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        controller.enqueue(new Uint8Array(64 * 1024));
      },
    });
    const declared = await send(uploadRoute.POST as Handler, "/api/documents", {
      method: "POST",
      headers: {
        cookie,
        "content-type": "multipart/form-data; boundary=x",
        "content-length": String(50 * 1024 * 1024),
      },
      body: endless,
      duplex: "half",
    } as RequestInit);
    expect(declared).toMatchObject({ status: 413, json: { error: fileTooLargeMessage(1) } });
    expect(pulled).toBeLessThanOrEqual(1);

    // A body without a length is cut off as soon as it passes the limit.
    const chunked = await send(uploadRoute.POST as Handler, "/api/documents", {
      method: "POST",
      headers: { cookie, "content-type": "multipart/form-data; boundary=x" },
      body: new ReadableStream<Uint8Array>({
        pull(controller) {
          controller.enqueue(new Uint8Array(64 * 1024));
        },
      }),
      duplex: "half",
    } as RequestInit);
    expect(chunked).toMatchObject({ status: 413, json: { error: fileTooLargeMessage(1) } });
  });

  it("a path-like or disguised name is kept as a plain display name and never becomes a path", async () => {
    const user = await createUser(t.db);
    const cookie = await cookieOf(user);
    const response = await upload(cookie, samplePdf(), "../../etc/passwd.pdf");
    expect(response.status).toBe(201);
    expect(response.json.document).toMatchObject({ name: "passwd", latest: { fileName: "passwd.pdf" } });
    expect(fs.existsSync(path.join(dataDir, "etc"))).toBe(false);
    const windows = await upload(cookie, samplePdf(), "C:\\Users\\ana\\..\\cv\u202Efdp.exe");
    expect(windows.json.document.latest.fileName).toBe("cvfdp.exe.pdf"); // the right-to-left override is gone; the real type's extension is added
    const long = await upload(cookie, samplePdf(), `${"a".repeat(400)}.pdf`);
    expect(long.json.document.latest.fileName).toHaveLength(150);
    expect(long.json.document.latest.fileName.endsWith(".pdf")).toBe(true);
    const jpegAsPng = await upload(cookie, await sampleJpeg(), "photo.png");
    expect(jpegAsPng.json.document.latest).toMatchObject({ fileName: "photo.jpg", mimeType: "image/jpeg" });
    const named = await upload(cookie, samplePdf(), "x.pdf", "  My\u0000 transcript \n ");
    expect(named.json.document.name).toBe("My transcript");
  });

  it("requests that are not a signed-in multipart upload are refused with the reason", async () => {
    const user = await createUser(t.db);
    const cookie = await cookieOf(user);
    expect(await upload("", samplePdf(), "a.pdf")).toMatchObject({
      status: 401,
      json: { error: SIGN_IN_REQUIRED_MESSAGE },
    });
    const json = await send(uploadRoute.POST as Handler, "/api/documents", {
      method: "POST",
      headers: { cookie, "content-type": "application/json" },
      body: "{}",
    });
    expect(json).toMatchObject({ status: 415, json: { error: DOCUMENT_MESSAGES.notMultipart } });
    const noFile = new FormData();
    noFile.set("name", "Nothing attached");
    expect(await send(uploadRoute.POST as Handler, "/api/documents", { method: "POST", headers: { cookie }, body: noFile })).toMatchObject({
      status: 400,
      json: { error: DOCUMENT_MESSAGES.noFile },
    });
    expect(await upload(cookie, Buffer.alloc(0), "empty.pdf")).toMatchObject({
      status: 400,
      json: { error: DOCUMENT_MESSAGES.empty },
    });
  });

  it("a multipart post from another site is refused before the upload route runs; the same site's passes", async () => {
    const post = (path: string, headers: Record<string, string>) =>
      proxy(
        new NextRequest(new URL(path, "http://localhost:3000"), {
          method: "POST",
          headers: { host: "localhost:3000", ...headers },
          body: form(samplePdf(), "cv.pdf"),
        }),
      );
    for (const path of ["/api/documents", "/api/documents/abc/versions"]) {
      const foreign = await post(path, { origin: "https://evil.example", "sec-fetch-site": "cross-site" });
      expect(foreign.status, path).toBe(403);
      expect(await foreign.json()).toEqual({ success: false, error: "Cross-site requests are not allowed." });
      const own = await post(path, { origin: "http://localhost:3000", "sec-fetch-site": "same-origin" });
      expect(own.headers.get("x-middleware-next"), path).toBe("1");
    }
  });

  it("uploads are rate limited per account", async () => {
    process.env.RATE_LIMIT_UPLOAD = "2/1h";
    const user = await createUser(t.db);
    const cookie = await cookieOf(user);
    expect((await upload(cookie, samplePdf(), "a.pdf")).status).toBe(201);
    expect((await upload(cookie, samplePdf(), "b.pdf")).status).toBe(201);
    const third = await upload(cookie, samplePdf(), "c.pdf");
    expect(third.status).toBe(429);
    expect(Number(third.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});

describe("quota, versions, rename and delete", () => {
  it("the quota counts every version; an upload past it is refused with the figures", async () => {
    process.env.DOCUMENT_QUOTA_MB = "1";
    const user = await createUser(t.db);
    const cookie = await cookieOf(user);
    const first = await upload(cookie, pdfOfSize(400 * 1024), "first.pdf");
    expect(first.status).toBe(201);
    const id = first.json.document.id as string;
    const second = await uploadVersion(cookie, id, pdfOfSize(400 * 1024), "first-v2.pdf");
    expect(second.status).toBe(201);
    expect(second.json.document.versions.map((version: { version: number }) => version.version)).toEqual([2, 1]);
    const over = await upload(cookie, pdfOfSize(300 * 1024), "third.pdf");
    expect(over).toMatchObject({ status: 409, json: { error: DOCUMENT_MESSAGES.quota(1, 800 * 1024) } });
    expect(over.json.error).toBe(
      "Your documents may take up to 1 MB and you are using 800 KB: this file does not fit. Delete documents you no longer need to make room.",
    );
    expect(await callerFor(t.db, user.claims).documents.usage()).toMatchObject({
      usedBytes: 800 * 1024,
      quotaBytes: 1024 * 1024,
      documents: 1,
    });
    // Deleting makes room again.
    await callerFor(t.db, user.claims).documents.delete({ id });
    expect((await upload(cookie, pdfOfSize(300 * 1024), "third.pdf")).status).toBe(201);
  });

  it("lists documents with their versions; renames; deletes rows and stored files", async () => {
    const user = await createUser(t.db);
    const cookie = await cookieOf(user);
    const api = callerFor(t.db, user.claims);
    const { json } = await upload(cookie, samplePdf(), "cv.pdf", "CV");
    const id = json.document.id as string;
    await uploadVersion(cookie, id, sampleDocx(), "cv-2.docx");
    const [listed] = await api.documents.list();
    expect(listed).toMatchObject({
      id,
      name: "CV",
      latest: { version: 2, fileName: "cv-2.docx" },
      sharedWithOpenRequest: false,
    });
    expect(listed!.versions.map((version) => version.downloadUrl)).toEqual([
      `/api/documents/${id}/download?version=2`,
      `/api/documents/${id}/download?version=1`,
    ]);

    expect(await api.documents.rename({ id, name: "  Curriculum vitae " })).toMatchObject({ name: "Curriculum vitae" });
    expect(await rejection(api.documents.rename({ id, name: "   " }))).toEqual({
      code: "BAD_REQUEST",
      message: "Give the document a name.",
    });

    const keys = (await t.db.documentVersion.findMany({ where: { documentId: id }, select: { storageKey: true } })).map(
      (row) => row.storageKey,
    );
    await api.documents.delete({ id });
    expect(await api.documents.list()).toEqual([]);
    for (const key of keys) await expect(getObjectStorage().get(key)).rejects.toBeInstanceOf(StoredObjectMissingError);
  });

  it("another user's document does not exist for rename, delete, new versions or download", async () => {
    const owner = await createUser(t.db);
    const other = await createUser(t.db);
    const { json } = await upload(await cookieOf(owner), samplePdf(), "visa.pdf");
    const id = json.document.id as string;
    const api = callerFor(t.db, other.claims);
    expect(await rejection(api.documents.rename({ id, name: "Mine now" }))).toEqual({
      code: "NOT_FOUND",
      message: DOCUMENT_MESSAGES.notFound,
    });
    expect(await rejection(api.documents.delete({ id }))).toEqual({
      code: "NOT_FOUND",
      message: DOCUMENT_MESSAGES.notFound,
    });
    const otherCookie = await cookieOf(other);
    expect(await uploadVersion(otherCookie, id, samplePdf(), "x.pdf")).toMatchObject({
      status: 404,
      json: { error: DOCUMENT_MESSAGES.notFound },
    });
    expect(await download(otherCookie, id)).toMatchObject({ status: 404, json: { error: DOCUMENT_MESSAGES.notFound } });
    expect(await t.db.documentVersion.count({ where: { documentId: id } })).toBe(1);
  });

  it("a document shared with an open request cannot be deleted; once the request is withdrawn or done, it can", async () => {
    const user = await createUser(t.db);
    const api = callerFor(t.db, user.claims);
    const { json } = await upload(await cookieOf(user), samplePdf(), "uni-assist.pdf");
    const id = json.document.id as string;
    const request = await t.db.serviceRequest.create({
      data: {
        userId: user.claims.id,
        service: "document-review",
        message: "Please check my file.",
        priority: "high",
        documents: { create: { documentId: id } },
      },
    });
    expect((await api.documents.list())[0]).toMatchObject({ sharedWithOpenRequest: true });
    for (const status of ["pending", "processing", "approved"] as const) {
      await t.db.serviceRequest.update({ where: { id: request.id }, data: { status } });
      expect(await rejection(api.documents.delete({ id }))).toEqual({
        code: "CONFLICT",
        message: DOCUMENT_MESSAGES.sharedWithOpenRequest,
      });
    }
    await t.db.serviceRequest.update({
      where: { id: request.id },
      data: { status: "pending", withdrawnAt: new Date() },
    });
    expect(await api.documents.delete({ id })).toEqual({ deleted: true });
  });
});

describe("downloads: only the owner and authorised staff", () => {
  async function sharedDocument() {
    const owner = await createUser(t.db);
    const pdf = samplePdf("Zeugnis");
    const { json } = await upload(await cookieOf(owner), pdf, 'Zeugnis Übersetzung "final".pdf');
    return { owner, id: json.document.id as string, pdf };
  }

  it("the owner gets the file as an attachment with its type, its name and no caching or sniffing", async () => {
    const { owner, id, pdf } = await sharedDocument();
    const cookie = await cookieOf(owner);
    const png = await samplePng();
    await uploadVersion(cookie, id, png, "scan.png");
    const latest = await download(cookie, id);
    expect(latest.status).toBe(200);
    expect(Buffer.compare(latest.bytes!, png)).toBe(0);
    expect(
      Object.fromEntries(
        ["content-type", "content-length", "content-disposition", "x-content-type-options", "cache-control"].map((name) => [
          name,
          latest.headers.get(name),
        ]),
      ),
    ).toEqual({
      "content-type": "image/png",
      "content-length": String(png.length),
      "content-disposition": `attachment; filename="scan.png"; filename*=UTF-8''scan.png`,
      "x-content-type-options": "nosniff",
      "cache-control": "private, no-store",
    });
    const first = await download(cookie, id, "1");
    expect(Buffer.compare(first.bytes!, pdf)).toBe(0);
    expect(first.headers.get("content-type")).toBe("application/pdf");
    expect(first.headers.get("content-disposition")).toBe(
      `attachment; filename="Zeugnis _bersetzung _final_.pdf"; filename*=UTF-8''Zeugnis%20%C3%9Cbersetzung%20%22final%22.pdf`,
    );
    expect(await download(cookie, id, "3")).toMatchObject({
      status: 404,
      json: { error: DOCUMENT_MESSAGES.versionNotFound },
    });
    expect(await download(cookie, id, "first")).toMatchObject({ status: 400 });
    expect(await download(null, id)).toMatchObject({ status: 401, json: { error: SIGN_IN_REQUIRED_MESSAGE } });
  });

  it("staff whose role handles service requests may download; staff without it, or without two factors, get 404", async () => {
    const { id } = await sharedDocument();
    const backoffice = await createStaff(t.db, "backoffice");
    expect((await download(await sessionCookie(t.db, backoffice.session), id)).status).toBe(200);
    const admin = await createStaff(t.db, "admin");
    expect((await download(await sessionCookie(t.db, admin.session), id)).status).toBe(200);
    const designer = await createStaff(t.db, "designer");
    expect((await download(await sessionCookie(t.db, designer.session), id)).status).toBe(404);
    const noTwoFactor = await createStaff(t.db, "backoffice", { twoFactor: false });
    expect((await download(await sessionCookie(t.db, noTwoFactor.session), id)).status).toBe(404);
    const student = await createUser(t.db);
    expect((await download(await cookieOf(student), id)).status).toBe(404);
  });

  it("a coach may download what a request assigned to them shares, or a session booked with them; nothing else", async () => {
    const { owner, id } = await sharedDocument();
    const coachAccount = await createStaff(t.db, "designer");
    const coach = await t.db.coach.create({ data: { userId: coachAccount.claims.id, displayName: "Coach Mira" } });
    const coachCookie = await sessionCookie(t.db, coachAccount.session);
    expect((await download(coachCookie, id)).status).toBe(404);

    const request = await t.db.serviceRequest.create({
      data: {
        userId: owner.claims.id,
        service: "document-review",
        message: "Check please.",
        priority: "high",
        assignedCoachId: coach.id,
      },
    });
    expect((await download(coachCookie, id)).status).toBe(404); // assigned, but the document is not shared with the request
    await t.db.serviceRequestDocument.create({ data: { requestId: request.id, documentId: id } });
    expect((await download(coachCookie, id)).status).toBe(200);

    // Booked for a coaching session that shares the document.
    const second = await sharedDocument();
    const bookingCoachAccount = await createStaff(t.db, "designer");
    const bookingCoach = await t.db.coach.create({
      data: { userId: bookingCoachAccount.claims.id, displayName: "Coach Jonas" },
    });
    const consultation = await t.db.serviceRequest.create({
      data: {
        userId: second.owner.claims.id,
        service: "consultation",
        message: "Visa questions.",
        priority: "urgent",
        documents: { create: { documentId: second.id } },
      },
    });
    const startsAt = new Date(Date.now() + 3 * 86_400_000);
    await t.db.coachingBooking.create({
      data: {
        requestId: consultation.id,
        coachId: bookingCoach.id,
        userId: second.owner.claims.id,
        startsAt,
        endsAt: new Date(startsAt.getTime() + 45 * 60_000),
        topic: "Visa",
      },
    });
    expect(await canReadDocument(t.db, bookingCoachAccount.session, second.id)).toBe(true);
    expect(await canReadDocument(t.db, bookingCoachAccount.session, id)).toBe(false);
    expect(await canReadDocument(t.db, coachAccount.session, second.id)).toBe(false);
    expect(await canReadDocument(t.db, null, id)).toBe(false);
    expect(await canReadDocument(t.db, owner.claims, "no-such-document")).toBe(false);
  });
});

describe("the account: counts, export and deletion", () => {
  it("the Account tab counts documents; the export holds their metadata; deleting the account removes the stored files", async () => {
    const user = await createUser(t.db);
    const cookie = await cookieOf(user);
    await upload(cookie, samplePdf(), "transcript.pdf", "Transcript");
    const { json } = await upload(cookie, await sampleJpeg(), "photo.jpg");
    await uploadVersion(cookie, json.document.id, await sampleJpeg(), "photo-2.jpg");
    const api = callerFor(t.db, user.claims);
    expect((await api.account.overview()).activity.documents).toBe(2);
    const exported = await exportAccountData(t.db, user.claims);
    expect(exported.documents).toMatchObject([
      { name: "Transcript", versions: [{ version: 1, fileName: "transcript.pdf", mimeType: "application/pdf" }] },
      {
        name: "photo",
        versions: [
          { version: 1, fileName: "photo.jpg" },
          { version: 2, fileName: "photo-2.jpg" },
        ],
      },
    ]);
    expect(JSON.stringify(exported.documents)).not.toMatch(/storageKey|[0-9a-f]{8}-[0-9a-f]{4}-4/);

    const keys = (
      await t.db.documentVersion.findMany({
        where: { document: { userId: user.claims.id } },
        select: { storageKey: true },
      })
    ).map((row) => row.storageKey);
    expect(keys).toHaveLength(3);
    await api.users.deleteAccount({ password: user.password });
    expect(await t.db.documentVersion.count({ where: { storageKey: { in: keys } } })).toBe(0);
    for (const key of keys) await expect(getObjectStorage().get(key)).rejects.toBeInstanceOf(StoredObjectMissingError);
  });
});

describe("S3-compatible storage", () => {
  it("with S3 settings, uploads go to the bucket and download from it, through the real AWS SDK", async () => {
    const s3 = await startS3Fake("swipeabroad-documents");
    try {
      Object.assign(process.env, s3.env);
      expect(getObjectStorage().name).toBe("s3");
      const user = await createUser(t.db);
      const cookie = await cookieOf(user);
      const pdf = samplePdf("Stored in S3");
      const before = storedObjectCount();
      const { json, status } = await upload(cookie, pdf, "bucket.pdf");
      expect(status).toBe(201);
      expect(storedObjectCount()).toBe(before); // not in the folder
      const fetched = await download(cookie, json.document.id);
      expect(Buffer.compare(fetched.bytes!, pdf)).toBe(0);
      await callerFor(t.db, user.claims).documents.delete({ id: json.document.id });
      expect(await download(cookie, json.document.id)).toMatchObject({ status: 404 });
    } finally {
      await s3.stop();
    }
  });
});
