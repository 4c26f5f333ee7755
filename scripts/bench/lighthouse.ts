import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { launch } from 'chrome-launcher';
import lighthouse, { type Flags } from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { chromium } from 'playwright-core';
import { CHROMIUM_PATH, ensureChromium } from '../ensure-chromium.ts';

/**
 * Lighthouse (mobile and desktop settings) on the login screen and on the screens of a
 * signed-in person (ROUTES), against the real server. It drives Debian's Chromium (never a
 * downloaded browser). Lighthouse clears the HTTP cache before each run but keeps
 * localStorage (its default clearStorageTypes), so the session written beforehand,
 * the way the app stores a sign-in, survives into the measured page load.
 * BENCH_LIGHTHOUSE_DIR=<dir> keeps each full report there as JSON.
 */
// The browser tests' Chromium (Debian's headless shell, decision 080), installed here when a
// new machine lacks it, so `npm run bench` needs nothing installed by hand.
const CHROMIUM = process.env.CHROMIUM_PATH ?? CHROMIUM_PATH;
const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export type LighthouseFigure = {
  route: string;
  formFactor: 'mobile' | 'desktop';
  performance: number;
  accessibility: number;
  bestPractices: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Lighthouse's measure of this machine's CPU speed: a busy machine scores low and inflates TBT and LCP. */
  benchmarkIndex: number;
  /** Titles of failed accessibility / best-practice audits, so a score below 100 says why. */
  findings: string[];
};

type Session = { login: unknown; company: { id: number; name: string } };

/** Signs in through the API with the demo seed, as the login screen does. */
async function signIn(baseUrl: string, email: string, password: string): Promise<Session> {
  const login = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const data = ((await login.json()) as { data: { token: string } }).data;
  const companies = (await (
    await fetch(`${baseUrl}/api/me/companies`, { headers: { authorization: `Bearer ${data.token}` } })
  ).json()) as { data: { items: { id: number; name: string }[] } };
  const company = companies.data.items[0];
  if (!company) throw new Error(`lighthouse: ${email} has no company`);
  return { login: data, company: { id: company.id, name: company.name } };
}

/** Writes (or clears) the stored session in the browser profile Lighthouse will use. */
async function storeSession(port: number, baseUrl: string, session: Session | null): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0] ?? (await browser.newContext());
    const page = await context.newPage();
    // A bodiless path of the same origin: the app itself must not run (and redirect) here.
    await page.goto(`${baseUrl}/api/health`);
    await page.evaluate((value) => {
      localStorage.clear();
      if (!value) return;
      // Keys as apps/web/src/lib/storage.ts names them.
      localStorage.setItem('currentLeadUser', JSON.stringify(value.login));
      localStorage.setItem('currentCompany', JSON.stringify(value.company));
    }, session);
    await page.close();
  } finally {
    // Disconnects only: the browser belongs to chrome-launcher.
    await browser.close();
  }
}

/**
 * The screens a phone must open fast (docs/product.md §2). `:customer` and `:deal` are the
 * demo company's first customer and deal, looked up once signed in.
 */
const ROUTES = [
  { route: '#/login', signedIn: false },
  { route: '#/company/dashboard', signedIn: true },
  { route: '#/company/customer/list', signedIn: true },
  { route: '#/company/customer/:customer', signedIn: true },
  { route: '#/company/crm', signedIn: true },
  { route: '#/company/calendar', signedIn: true },
  { route: '#/company/customer/events', signedIn: true },
  { route: '#/company/social/posts', signedIn: true },
  { route: '#/company/deals', signedIn: true },
  { route: '#/company/deal/:deal', signedIn: true },
] as const;

/** The first item of a company collection, for the routes of one customer and one deal. */
async function firstId(baseUrl: string, token: string, collection: string): Promise<number> {
  const answer = (await (
    await fetch(`${baseUrl}/api/${collection}?limit=1`, { headers: { authorization: `Bearer ${token}` } })
  ).json()) as { data: { items: { id: number }[] } };
  const id = answer.data.items[0]?.id;
  if (id === undefined) throw new Error(`lighthouse: the demo company has nothing in ${collection}`);
  return id;
}

/** Fills in the ids of the demo company's first customer and deal. */
async function resolveRoutes(baseUrl: string, session: Session) {
  const token = (session.login as { token: string }).token;
  const companyPath = `companies/${session.company.id}`;
  const customer = await firstId(baseUrl, token, `${companyPath}/customers`);
  const deal = await firstId(baseUrl, token, `${companyPath}/deals`);
  return ROUTES.map((r) => ({
    ...r,
    route: r.route.replace(':customer', String(customer)).replace(':deal', String(deal)),
  }));
}

function failedTitles(
  lhr: { audits: Record<string, { score: number | null; title: string }> },
  ids: string[],
) {
  return ids
    .map((id) => lhr.audits[id])
    .filter((a) => a && a.score !== null && a.score < 1)
    .map((a) => a?.title ?? '');
}

type Result = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

/** One Lighthouse run; a broken trace (NO_NAVSTART and the like, seen on a busy machine) is retried. */
async function audit(
  port: number,
  url: string,
  formFactor: 'mobile' | 'desktop',
  cpuSlowdown?: number,
): Promise<Result> {
  const flags: Flags = {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices'],
    ...(cpuSlowdown === undefined ? {} : { throttling: { cpuSlowdownMultiplier: cpuSlowdown } }),
  };
  let lhr: Result | undefined;
  for (let attempt = 0; attempt < 3; attempt++) {
    lhr = (await lighthouse(url, flags, formFactor === 'desktop' ? desktopConfig : undefined))?.lhr;
    if (lhr && !lhr.runtimeError) return lhr;
  }
  throw new Error(`lighthouse ${url} ${formFactor}: ${lhr?.runtimeError?.message ?? 'no result'}`);
}

function figureOf(route: string, formFactor: 'mobile' | 'desktop', lhr: Result): LighthouseFigure {
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const refs = (id: string) => lhr.categories[id]?.auditRefs.map((r) => r.id) ?? [];
  return {
    route,
    formFactor,
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    fcpMs: value('first-contentful-paint'),
    lcpMs: value('largest-contentful-paint'),
    tbtMs: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
    findings: failedTitles(lhr, [...refs('accessibility'), ...refs('best-practices')]),
  };
}

/**
 * Lighthouse's mobile 4x CPU slowdown is calibrated for a high-end desktop host (benchmark
 * index about 1500, its throttling docs); on a slower or busy host it emulates a far slower
 * phone than intended. With BENCH_LIGHTHOUSE_CPU=calibrated the mobile runs use
 * 4 × index / 1500 (at least 1) instead, measured on this host before the runs, and the
 * output says so. Desktop settings have no CPU slowdown either way.
 */
async function calibratedSlowdown(port: number, url: string): Promise<number | undefined> {
  if (process.env.BENCH_LIGHTHOUSE_CPU !== 'calibrated') return undefined;
  const { benchmarkIndex } = (await audit(port, url, 'mobile')).environment;
  return Math.max(1, Math.round(((4 * benchmarkIndex) / 1500) * 10) / 10);
}

/**
 * BENCH_LIGHTHOUSE_ROUTES (e.g. `login,dashboard`) and BENCH_LIGHTHOUSE_FORM (`mobile` or
 * `desktop`) narrow the runs while one screen is being worked on; unset, everything runs.
 */
function chosen(variable: string, name: string): boolean {
  const list = process.env[variable]?.split(',').filter(Boolean);
  return !list?.length || list.some((part) => name.includes(part.trim()));
}

/**
 * Each route and form factor is measured `runs` times (BENCH_LIGHTHOUSE_RUNS, default 3)
 * and the run with the median performance score is reported, as Lighthouse advises for
 * its run-to-run variance.
 */
export async function runLighthouse(
  baseUrl: string,
  demo: { email: string; password: string },
  runs = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3),
): Promise<LighthouseFigure[]> {
  const session = await signIn(baseUrl, demo.email, demo.password);
  if (!process.env.CHROMIUM_PATH) ensureChromium();
  const chrome = await launch({ chromePath: CHROMIUM, chromeFlags: CHROMIUM_FLAGS });
  const figures: LighthouseFigure[] = [];
  try {
    const cpuSlowdown = await calibratedSlowdown(chrome.port, `${baseUrl}/#/login`);
    if (cpuSlowdown !== undefined)
      console.log(`(mobile CPU slowdown calibrated to this host: ${cpuSlowdown}x)`);
    const routes = await resolveRoutes(baseUrl, session);
    for (const { route, signedIn } of routes.filter((r) => chosen('BENCH_LIGHTHOUSE_ROUTES', r.route))) {
      for (const formFactor of (['mobile', 'desktop'] as const).filter((f) =>
        chosen('BENCH_LIGHTHOUSE_FORM', f),
      )) {
        const measured: LighthouseFigure[] = [];
        for (let run = 0; run < Math.max(1, runs); run++) {
          await storeSession(chrome.port, baseUrl, signedIn ? session : null);
          const lhr = await audit(
            chrome.port,
            `${baseUrl}/${route}`,
            formFactor,
            formFactor === 'mobile' ? cpuSlowdown : undefined,
          );
          if (process.env.BENCH_LIGHTHOUSE_DIR) {
            const name = `${route.replace(/[^a-z]+/g, '-')}-${formFactor}-${run}.json`.replace(/^-/, '');
            writeFileSync(path.join(process.env.BENCH_LIGHTHOUSE_DIR, name), JSON.stringify(lhr));
          }
          measured.push(figureOf(route, formFactor, lhr));
        }
        measured.sort((a, b) => a.performance - b.performance);
        const median = measured[Math.floor(measured.length / 2)];
        if (median) figures.push(median);
      }
    }
  } finally {
    chrome.kill();
  }
  return figures;
}

export function formatLighthouse(figures: LighthouseFigure[]): string {
  const width = Math.max(...figures.map((f) => f.route.length)) + 1;
  const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  return figures
    .map((f) => {
      const line = `${f.route.padEnd(width)} ${f.formFactor.padEnd(7)} perf ${f.performance}, a11y ${f.accessibility}, best practices ${f.bestPractices}; FCP ${s(f.fcpMs)}, LCP ${s(f.lcpMs)}, TBT ${Math.round(f.tbtMs)} ms, CLS ${f.cls.toFixed(3)} (CPU index ${f.benchmarkIndex})`;
      return f.findings.length ? `${line}\n${' '.repeat(width + 8)}findings: ${f.findings.join('; ')}` : line;
    })
    .join('\n');
}
