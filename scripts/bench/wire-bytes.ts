import { request } from 'node:http';
import type { RouteBundle } from '../bundle-size.ts';

/**
 * Bytes on the wire per route, as a browser receives them: every file the route loads
 * (index.html, its JavaScript and CSS, the translation file) fetched from the running
 * server with `Accept-Encoding: br, gzip`, counting the body bytes as sent (not
 * decompressed), so a server that forgets to compress shows up here.
 */
export type WireFigure = {
  route: string;
  /** Body bytes as transferred, summed over the route's files. */
  wireBytes: number;
  /** The same files' size once decompressed. */
  rawBytes: number;
  /** How many files came back with each Content-Encoding ('identity' when none). */
  encodings: Record<string, number>;
};

const ACCEPT = 'br, gzip';
/** The translation file a browser with English settings fetches (Lighthouse's Chromium is one). */
const TRANSLATION = 'assets/i18n/en.json';

function fetchRaw(url: string): Promise<{ bytes: number; encoding: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { 'accept-encoding': ACCEPT } }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
      });
      res.on('end', () => {
        if (res.statusCode !== 200) reject(new Error(`${url}: ${res.statusCode}`));
        else resolve({ bytes, encoding: String(res.headers['content-encoding'] ?? 'identity') });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

export async function measureWireBytes(
  baseUrl: string,
  bundles: RouteBundle[],
  rawSize: (file: string) => number,
): Promise<WireFigure[]> {
  const figures: WireFigure[] = [];
  for (const bundle of bundles) {
    const files = ['index.html', ...bundle.files, TRANSLATION];
    const figure: WireFigure = { route: bundle.route, wireBytes: 0, rawBytes: 0, encodings: {} };
    for (const file of files) {
      const { bytes, encoding } = await fetchRaw(`${baseUrl}/${file}`);
      figure.wireBytes += bytes;
      figure.rawBytes += rawSize(file);
      figure.encodings[encoding] = (figure.encodings[encoding] ?? 0) + 1;
    }
    figures.push(figure);
  }
  return figures;
}

export function formatWireBytes(figures: WireFigure[]): string {
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  const width = Math.max(...figures.map((f) => f.route.length)) + 1;
  return figures
    .map((f) => {
      const mix = Object.entries(f.encodings)
        .map(([encoding, count]) => `${count} ${encoding}`)
        .join(', ');
      return `${f.route.padEnd(width)} ${kb(f.wireBytes)} on the wire (${kb(f.rawBytes)} decompressed; ${mix})`;
    })
    .join('\n');
}
