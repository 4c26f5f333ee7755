import { afterEach, describe, expect, it, vi } from 'vitest';
import { classifyImportFailure } from './lazy-screen.tsx';

const CHUNK = 'http://127.0.0.1:3000/assets/calendar-screen-abc123.js';
const importFailure = new TypeError(`Failed to fetch dynamically imported module: ${CHUNK}`);

describe('classifyImportFailure', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks the server about the very file that failed', async () => {
    const fetch = vi.fn(async () => new Response(null, { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    await classifyImportFailure(importFailure);
    expect(fetch).toHaveBeenCalledWith(CHUNK, { method: 'HEAD', cache: 'no-store' });
  });

  it('calls an unreachable server an outage, a file the server no longer has a new release', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(await classifyImportFailure(importFailure)).toBe('offline');
    vi.stubGlobal('fetch', async () => new Response('not found', { status: 404 }));
    expect(await classifyImportFailure(importFailure)).toBe('missing');
    // The file is there after all: a passing hiccup, worth another try.
    vi.stubGlobal('fetch', async () => new Response(null, { status: 200 }));
    expect(await classifyImportFailure(importFailure)).toBe('offline');
  });

  it('without the file name, a server that answers means stale code', async () => {
    vi.stubGlobal('location', { origin: 'http://127.0.0.1:3000' });
    vi.stubGlobal('fetch', async () => new Response(null, { status: 200 }));
    expect(await classifyImportFailure(new Error('Importing a module script failed.'))).toBe('missing');
  });
});
