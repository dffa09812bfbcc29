/** @type {import("next").NextConfig} */
const config = {
  reactStrictMode: true,
  poweredByHeader: false,
  // PGlite and Prisma's generated client stay Node modules instead of being bundled; so does prom-client
  // (its registry is shared with scripts/serve.ts through globalThis either way).
  serverExternalPackages: ["@electric-sql/pglite", "@node-rs/argon2", "pg", "prom-client"],
  typescript: { ignoreBuildErrors: true }, // `npm run typecheck` checks types once, not on every build
  // forbidden() answers /admin with 403 for non-admins.
  // The proxy (src/proxy.ts) sees a copy of each request body up to this size; document uploads go up
  // to DOCUMENT_MAX_MB (at most 10) plus the form's few bytes around the file; no more, so that no
  // route buffers large bodies.
  experimental: { authInterrupts: true, proxyClientMaxBodySize: "11mb" },
  // Pages and route handlers get their security headers from src/proxy.ts, which skips build output.
  async headers() {
    return [
      {
        source: "/_next/static/:path*",
        headers: [
          { key: "X-Content-Type-Options", value: "nosniff" },
          { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
        ],
      },
    ];
  },
};

export default config;
