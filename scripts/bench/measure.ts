import autocannon from 'autocannon';

export interface Figure {
  name: string;
  requestsPerSec: number;
  p50: number;
  p99: number;
  errors: number;
}

/** One autocannon run; non-2xx answers count as errors so a broken route cannot look fast. */
export async function measure(
  name: string,
  opts: {
    url: string;
    method?: 'GET' | 'POST';
    headers?: Record<string, string>;
    body?: string;
    connections?: number;
    seconds?: number;
  },
): Promise<Figure> {
  const result = await autocannon({
    url: opts.url,
    method: opts.method ?? 'GET',
    headers: opts.headers,
    body: opts.body,
    connections: opts.connections ?? 10,
    duration: opts.seconds ?? 5,
  });
  return figureOf(name, result);
}

/** The figures of one autocannon result (for runs that call autocannon with their own options). */
export function figureOf(name: string, result: autocannon.Result): Figure {
  return {
    name,
    requestsPerSec: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

export function printFigures(title: string, figures: Figure[], baseline?: Figure): void {
  console.log(`\n${title}`);
  console.log('| route | req/s | p50 ms | p99 ms | errors | vs baseline |');
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const f of figures) {
    const ratio = baseline ? `${Math.round((f.requestsPerSec / baseline.requestsPerSec) * 100)}%` : '';
    console.log(`| ${f.name} | ${f.requestsPerSec} | ${f.p50} | ${f.p99} | ${f.errors} | ${ratio} |`);
  }
}
