/** Redirects stay on the host the user is on, and never leave the app (src/server/http/own-host.ts). */
import { describe, expect, it } from "vitest";
import { redirectOnOwnHost, trustedRequestOrigin } from "~/server/http/own-host";

const PUBLIC = "http://localhost:3000";

describe("trustedRequestOrigin", () => {
  it("keeps the loopback name the browser used, and the public URL's host", () => {
    expect(
      trustedRequestOrigin({
        requestUrl: "http://localhost:3000/api/auth/signout",
        host: "127.0.0.1:3000",
        publicUrl: PUBLIC,
      }),
    ).toBe("http://127.0.0.1:3000");
    expect(trustedRequestOrigin({ requestUrl: "http://localhost:3000/", host: "[::1]:3000", publicUrl: PUBLIC })).toBe("http://[::1]:3000");
    expect(
      trustedRequestOrigin({
        requestUrl: "https://app.example/",
        host: "app.example",
        publicUrl: "https://app.example",
      }),
    ).toBe("https://app.example");
  });
  it("answers with the public URL for any other host (a proxy's inner name, a name pointed at the server)", () => {
    expect(
      trustedRequestOrigin({
        requestUrl: "http://internal:3000/",
        host: "internal:3000",
        publicUrl: "https://app.example",
      }),
    ).toBe("https://app.example");
    expect(trustedRequestOrigin({ requestUrl: "http://localhost:3000/", host: "evil.example", publicUrl: PUBLIC })).toBe(PUBLIC);
    expect(trustedRequestOrigin({ requestUrl: "http://localhost:3000/", host: null, publicUrl: PUBLIC })).toBe(PUBLIC);
    expect(trustedRequestOrigin({ requestUrl: "http://localhost:3000/", host: "bad host", publicUrl: PUBLIC })).toBe(PUBLIC);
  });
});

describe("redirectOnOwnHost", () => {
  const own = "http://127.0.0.1:3000";
  it("puts a path, or an address of the app's public URL, on the request's own host", () => {
    expect(redirectOnOwnHost("/", own, [PUBLIC])).toBe("http://127.0.0.1:3000/");
    expect(redirectOnOwnHost("/profile?tab=security#2fa", own, [PUBLIC])).toBe("http://127.0.0.1:3000/profile?tab=security#2fa");
    expect(redirectOnOwnHost("http://localhost:3000/swipe-ai?conversation=a", own, [PUBLIC])).toBe(
      "http://127.0.0.1:3000/swipe-ai?conversation=a",
    );
    expect(redirectOnOwnHost("http://127.0.0.1:3000/pricing", own, [PUBLIC])).toBe("http://127.0.0.1:3000/pricing");
  });
  it("never follows an address on another site: it goes to the start page", () => {
    for (const away of [
      "https://evil.example/",
      "//evil.example/path",
      "/\\evil.example",
      "http://localhost:4000/",
      "javascript:alert(1)",
    ]) {
      expect(redirectOnOwnHost(away, own, [PUBLIC]), away).toBe("http://127.0.0.1:3000/");
    }
  });
});
