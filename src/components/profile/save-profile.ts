import type { StudentUpdate } from "~/lib/schemas/student";

class SaveProfileError extends Error {}

async function send(method: "PATCH" | "POST", url: string, body: unknown) {
  const response = await fetch(url, {
    method,
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const data = (await response.json().catch(() => null)) as { success?: boolean; error?: string } | null;
  return { response, data };
}

/** Saves profile fields: PATCH /api/students/me, or POST /api/students when no profile exists yet (404). */
export async function saveProfile(fields: StudentUpdate): Promise<void> {
  let { response, data } = await send("PATCH", "/api/students/me", fields);
  if (response.status === 404) ({ response, data } = await send("POST", "/api/students", fields));
  if (!response.ok || !data?.success) throw new SaveProfileError(data?.error ?? "Failed to save changes");
}
