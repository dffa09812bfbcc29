import { z } from "zod";

// Runs in the browser before the app's own modules. The site's Content-Security-Policy allows no
// eval, so zod must not probe for it when its first object schema is built (the probe alone is
// reported as a violation): it validates just as well without compiling its object parsers.
z.config({ jitless: true });
