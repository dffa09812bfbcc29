/**
 * Page speed benchmark (`npm run bench:pages`, figures printed, not asserted): starts the production
 * server (`npm start`: builds when the sources changed) on its own port with a fresh, seeded embedded
 * database (or BENCH_DATABASE_URL), then runs Lighthouse (mobile preset, simulated throttling) in
 * headless Chromium on each public page and prints its performance score, LCP, CLS, TBT, the
 * compressed JavaScript it transferred and its SEO score, each against the page's target (SEO: 100). Each page is measured
 * BENCH_RUNS times (default 3) and the run with the median score is printed.
 *
 *   npx tsx scripts/bench/pages.ts                      every page, 3 runs each
 *   BENCH_RUNS=1 npx tsx scripts/bench/pages.ts / /swipe-ai
 *   BENCH_URL=http://localhost:3000 npx tsx scripts/bench/pages.ts     a server already running
 *
 * CHROME_PATH picks the browser (default /usr/bin/chromium, Debian's Chromium); BENCH_REPORT_DIR, when
 * set, keeps each page's median Lighthouse report there as JSON (to see the LCP element, the scripts).
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { type Result } from "lighthouse";
import { type ProductionServer, startProductionServer, waitUntilReady } from "../lib/production-server";

const PORT = Number(process.env.BENCH_PORT ?? 3962);
const CHROME_DEBUG_PORT = Number(process.env.BENCH_CHROME_PORT ?? PORT + 1);
/** A server already running (e.g. while changing a page) is measured as it is: no build, no start. */
const RUNNING_SERVER = process.env.BENCH_URL;
const BASE = RUNNING_SERVER ?? `http://127.0.0.1:${PORT}`;
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));
const CHROME_PATH = process.env.CHROME_PATH ?? "/usr/bin/chromium";

interface Target {
  score: number;
  /** Lighthouse's SEO score: 100 on every public page. */
  seo?: number;
  cls: number;
  /** Compressed JavaScript the page may transfer, in KB; only the landing page has one. */
  jsKb?: number;
}
const TARGET: Target = { score: 95, cls: 0.05, seo: 100 };
const LANDING_TARGET: Target = { score: 97, cls: 0.05, jsKb: 125, seo: 100 };
const FINDER = "/tools/university-finder";

/** The pages with a speed target; the university and guide pages are the first ones their lists link to. */
const PAGES: Array<{ path: string; target: Target }> = [
  { path: "/", target: LANDING_TARGET },
  { path: "/swipe-ai", target: TARGET },
  { path: "/students", target: TARGET },
  { path: "/students/:first-guide", target: TARGET },
  { path: "/pricing", target: { ...TARGET, score: 97 } },
  { path: "/tools", target: TARGET },
  { path: "/tools/cost-calculator", target: TARGET },
  { path: "/tools/scholarship-search", target: TARGET },
  { path: "/tools/visa-checker", target: TARGET },
  { path: FINDER, target: TARGET },
  { path: `${FINDER}/:first`, target: TARGET },
  { path: "/community", target: TARGET },
  { path: "/compare", target: TARGET },
];

interface Figures {
  score: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  jsKb: number;
  totalKb: number;
  seo: number;
}

function figuresOf(lhr: Result): Figures {
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const summary =
    (lhr.audits["resource-summary"]?.details as { items?: Array<{ resourceType: string; transferSize: number }> } | undefined)?.items ?? [];
  const bytes = (type: string) => summary.find((item) => item.resourceType === type)?.transferSize ?? 0;
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    lcpMs: audit("largest-contentful-paint"),
    cls: audit("cumulative-layout-shift"),
    tbtMs: audit("total-blocking-time"),
    jsKb: bytes("script") / 1024,
    totalKb: bytes("total") / 1024,
    seo: Math.round((lhr.categories.seo?.score ?? 0) * 100),
  };
}

function verdict(figures: Figures, target: Target): string {
  const misses = [
    figures.score < target.score ? `score < ${target.score}` : "",
    figures.cls >= target.cls ? `CLS >= ${target.cls}` : "",
    target.jsKb !== undefined && figures.jsKb > target.jsKb ? `JS > ${target.jsKb} KB` : "",
    target.seo !== undefined && figures.seo < target.seo ? `SEO < ${target.seo}` : "",
  ].filter(Boolean);
  return misses.length ? `MISSES (${misses.join(", ")})` : "meets";
}

/** The first page a list links to below it (a university of the finder, a guide of a topic), so detail pages are measured on seeded data. */
async function firstLinkedPath(list: string): Promise<string> {
  const html = await (await fetch(`${BASE}${list}`)).text();
  const match = html.match(new RegExp(`href="(${list}/[^"?#]+)"`));
  if (!match) throw new Error(`${list} links to no page below it`);
  return match[1]!;
}

async function measure(chrome: chromeLauncher.LaunchedChrome, url: string): Promise<Figures> {
  const runs: Array<Figures & { report: string }> = [];
  for (let run = 0; run < RUNS; run++) {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance", "seo"],
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    if (result.lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${result.lhr.runtimeError.message}`);
    runs.push({ ...figuresOf(result.lhr), report: result.report as string });
  }
  runs.sort((a, b) => a.score - b.score);
  const { report, ...median } = runs[Math.floor(runs.length / 2)]!;
  const reportDir = process.env.BENCH_REPORT_DIR;
  if (reportDir) {
    fs.mkdirSync(reportDir, { recursive: true });
    const name = new URL(url).pathname.replace(/^\/$/, "/home").slice(1).replaceAll("/", "_");
    fs.writeFileSync(path.join(reportDir, `${name}.json`), report);
  }
  return median;
}

async function main() {
  const only = process.argv.slice(2);
  const pages = only.length ? PAGES.filter((page) => only.includes(page.path)) : PAGES;
  if (only.length && pages.length === 0) throw new Error(`no such page; the pages are ${PAGES.map((page) => page.path).join(" ")}`);

  let server: ProductionServer | undefined;
  let dataDir: string | undefined;
  if (!RUNNING_SERVER) {
    // The build first (skipped when the sources did not change), so that readiness waits for the start only.
    execFileSync(process.execPath, ["--import", "tsx", "scripts/start.ts", "--build-only"], { stdio: "inherit" });
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-pages-"));
    server = startProductionServer({ port: PORT, dataDir, databaseUrl: process.env.BENCH_DATABASE_URL });
  }
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  try {
    if (server) await waitUntilReady(server, 5 * 60_000);
    chrome = await chromeLauncher.launch({
      chromePath: CHROME_PATH,
      port: CHROME_DEBUG_PORT,
      chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
    });
    const database = process.env.BENCH_DATABASE_URL ? "PostgreSQL (BENCH_DATABASE_URL)" : "the seeded embedded database";
    const measured = RUNNING_SERVER ? `the server at ${RUNNING_SERVER}` : `production server on ${database}`;
    console.log(`Page speed: Lighthouse ${lighthouseVersion()} mobile preset, ${RUNS} run(s) per page (median shown), ${measured}`);
    console.log(`  ${"page".padEnd(44)} score   LCP ms   CLS     TBT ms   JS KB   all KB   SEO  target`);
    for (const page of pages) {
      const pagePath = page.path.endsWith(":first")
        ? await firstLinkedPath(FINDER)
        : page.path.endsWith(":first-guide")
          ? await firstLinkedPath("/students/visa")
          : page.path;
      // One plain request first, so that the first Lighthouse run does not pay for the server's cold caches.
      await fetch(`${BASE}${pagePath}`).then((response) => response.text());
      const figures = await measure(chrome, `${BASE}${pagePath}`);
      const target = `>= ${page.target.score}, CLS < ${page.target.cls}${page.target.jsKb ? `, JS <= ${page.target.jsKb} KB` : ""}, SEO ${page.target.seo}`;
      console.log(
        `  ${pagePath.padEnd(44)} ${String(figures.score).padStart(5)} ${figures.lcpMs.toFixed(0).padStart(8)} ${figures.cls.toFixed(3).padStart(7)} ${figures.tbtMs.toFixed(0).padStart(8)} ${figures.jsKb.toFixed(0).padStart(7)} ${figures.totalKb.toFixed(0).padStart(8)} ${String(figures.seo).padStart(5)}  ${target}: ${verdict(figures, page.target)}`,
      );
    }
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    if (server) console.error(server.log().slice(-3000));
    process.exitCode = 1;
  } finally {
    chrome?.kill();
    await server?.stop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

function lighthouseVersion(): string {
  return (JSON.parse(fs.readFileSync(path.join("node_modules", "lighthouse", "package.json"), "utf8")) as { version: string }).version;
}

await main();
