import { loadavg } from 'node:os';
import path from 'node:path';
import { type Browser, chromium } from 'playwright-core';
import { CHROMIUM_PATH } from '../ensure-chromium.ts';
import { startServer } from './server-process.ts';

/**
 * The main thread's CPU time of a phone-sized first load, per screen, for comparing two web
 * builds on a busy machine (docs/decisions/087-phone-pages-load-forms-on-use.md). Lighthouse's
 * simulated throttling multiplies the wall time of the tasks it saw, which another engineer's
 * load inflates many times over; a trace's thread duration (`tdur`) barely moves with it.
 *
 *   node scripts/bench/main-thread-cpu.ts <distA> [distB]      (built apps/web/dist folders)
 *
 * Each screen is loaded BENCH_CPU_RUNS times (default 3) per build, the builds alternating,
 * and the medians are printed: the CPU time of the renderer's top-level tasks, and "TBT@4x",
 * the sum over tasks of 4 × CPU time − 50 ms, as a 4× CPU slowdown turns tasks into blocking
 * time, in all and from the first contentful paint on (what Lighthouse's TBT counts).
 * BENCH_CPU_SCREENS (e.g. `customer,deals`) narrows the screens.
 */
const DEMO = { email: 'ana@example.com', password: 'kontora-demo-2026' };
const PHONE = {
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
};

type Signed = { login: { token: string }; company: { id: number; name: string } };
type TraceEvent = {
  ph: string;
  name: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string };
};
type Figure = { cpu: number; tbt: number; tbtAfterFcp: number };
/** A top-level task's name in Chromium's traces (older and newer builds). */
const TASKS = new Set(['RunTask', 'ThreadControllerImpl::RunTask']);

async function api<T>(url: string, init?: RequestInit): Promise<T> {
  return ((await (await fetch(url, init)).json()) as { data: T }).data;
}

async function signIn(baseUrl: string): Promise<Signed> {
  const login = await api<{ token: string }>(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO),
  });
  const headers = { authorization: `Bearer ${login.token}` };
  const company = (
    await api<{ items: { id: number; name: string }[] }>(`${baseUrl}/api/me/companies`, { headers })
  ).items[0];
  if (!company) throw new Error('main-thread-cpu: the demo user has no company');
  return { login, company: { id: company.id, name: company.name } };
}

async function screens(baseUrl: string, signed: Signed): Promise<Record<string, string>> {
  const headers = { authorization: `Bearer ${signed.login.token}` };
  const first = async (collection: string) =>
    (
      await api<{ items: { id: number }[] }>(
        `${baseUrl}/api/companies/${signed.company.id}/${collection}?limit=1`,
        { headers },
      )
    ).items[0]?.id;
  return {
    dashboard: '#/company/dashboard',
    list: '#/company/customer/list',
    customer: `#/company/customer/${await first('customers')}`,
    crm: '#/company/crm',
    calendar: '#/company/calendar',
    events: '#/company/customer/events',
    social: '#/company/social/posts',
    deals: '#/company/deals',
    deal: `#/company/deal/${await first('deals')}`,
  };
}

/** The top-level tasks of the busiest renderer main thread in a trace. */
function figureOf(events: TraceEvent[]): Figure {
  let best: Figure = { cpu: 0, tbt: 0, tbtAfterFcp: 0 };
  // Lighthouse counts blocking time from the first contentful paint on: the work before it (the
  // libraries' evaluation, on an empty page) costs paint time, not blocking time.
  const fcp = events.find((e) => e.name === 'firstContentfulPaint')?.ts ?? 0;
  const mains = events.filter(
    (e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain',
  );
  for (const main of mains) {
    const tasks = events
      .filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && TASKS.has(e.name))
      .sort((a, b) => a.ts - b.ts);
    let end = 0;
    let cpu = 0;
    let tbt = 0;
    let tbtAfterFcp = 0;
    for (const task of tasks) {
      if (task.ts < end || task.tdur === undefined) continue; // nested in the previous task
      end = task.ts + (task.dur ?? 0);
      cpu += task.tdur / 1000;
      const blocking = Math.max(0, (4 * task.tdur) / 1000 - 50);
      tbt += blocking;
      if (task.ts >= fcp) tbtAfterFcp += blocking;
    }
    if (cpu > best.cpu) best = { cpu, tbt, tbtAfterFcp };
  }
  return best;
}

async function measure(browser: Browser, baseUrl: string, route: string, signed: Signed): Promise<Figure> {
  const context = await browser.newContext(PHONE);
  try {
    const page = await context.newPage();
    // Signed in the way the app stores it (apps/web/src/lib/storage.ts), on a path where the app does not run.
    await page.goto(`${baseUrl}/api/health`);
    await page.evaluate((value) => {
      localStorage.setItem('currentLeadUser', JSON.stringify(value.login));
      localStorage.setItem('currentCompany', JSON.stringify(value.company));
    }, signed);
    await browser.startTracing(page, {
      // `loading`: the first contentful paint's mark.
      categories: ['toplevel', 'loading', 'devtools.timeline', 'disabled-by-default-devtools.timeline'],
    });
    await page.goto(`${baseUrl}/${route}`, { waitUntil: 'networkidle' });
    await page.waitForTimeout(1000);
    const trace = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] };
    return figureOf(trace.traceEvents);
  } finally {
    await context.close();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

const dists = process.argv.slice(2).map((dir) => path.resolve(dir));
if (dists.length === 0) dists.push(path.resolve(import.meta.dirname, '../../apps/web/dist'));
const runs = Number(process.env.BENCH_CPU_RUNS ?? 3);
// Generous: a server seeding the demo company starts slowly on a loaded machine.
process.env.BENCH_READY_SECONDS ??= '180';
const servers = await Promise.all(dists.map((dir) => startServer({ WEB_DIST: dir })));
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: ['--no-sandbox'] });
try {
  const signed = await Promise.all(servers.map((server) => signIn(server.url)));
  const routes = await Promise.all(servers.map((server, i) => screens(server.url, signed[i] as Signed)));
  const chosen = process.env.BENCH_CPU_SCREENS?.split(',').filter(Boolean);
  for (const name of Object.keys(routes[0] ?? {}).filter((n) => !chosen?.length || chosen.includes(n))) {
    const figures: Figure[][] = dists.map(() => []);
    for (let run = 0; run < runs; run++) {
      for (const [i, server] of servers.entries()) {
        figures[i]?.push(await measure(browser, server.url, routes[i]?.[name] ?? '', signed[i] as Signed));
      }
    }
    const cells = figures.map(
      (list, i) =>
        `${path.basename(path.dirname(dists[i] ?? ''))}/${path.basename(dists[i] ?? '')}: CPU ${median(list.map((f) => f.cpu)).toFixed(0)} ms, TBT@4x ${median(list.map((f) => f.tbt)).toFixed(0)} ms (after FCP ${median(list.map((f) => f.tbtAfterFcp)).toFixed(0)})`,
    );
    console.log(`${name.padEnd(10)} ${cells.join(' | ')} (load ${loadavg()[0]?.toFixed(1)})`);
  }
} finally {
  await browser.close();
  await Promise.all(servers.map((server) => server.stop()));
}
