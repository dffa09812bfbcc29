// Runs in the browser before the app's own modules. The site's Content-Security-Policy allows no
// eval, so zod must not probe for it when its first object schema is built (the probe alone is
// reported as a violation): it validates just as well without compiling its object parsers.
// zod keeps its settings on this global (zod/v4/core/core.js), so they are set here without loading
// zod on every page: most pages validate nothing in the browser.
const zodSettings = ((globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig ??= {});
zodSettings.jitless = true;

export {};
