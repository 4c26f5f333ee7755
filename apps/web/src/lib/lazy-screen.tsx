import { type ComponentType, lazy } from 'react';
import { loadedModule } from './loaded-modules.ts';

/**
 * Why a screen's code did not arrive: `offline` when the server could not be
 * reached (trying again helps once it is back), `missing` when the server answered
 * that the file is gone, which happens when a release replaced the chunks of an
 * open tab (only reloading the page helps).
 */
export type ChunkFailure = 'offline' | 'missing';

export class ChunkLoadError extends Error {
  readonly reason: ChunkFailure;
  constructor(reason: ChunkFailure, cause: unknown) {
    super(`screen code could not be loaded (${reason})`, { cause });
    this.name = 'ChunkLoadError';
    this.reason = reason;
  }
}

/** Browsers name the module that failed in the message ("Failed to fetch dynamically imported module: URL"). */
const MODULE_URL = /https?:\/\/\S+?\.m?js\b/;

/**
 * Asks the server about the file a failed import() wanted. A network failure means
 * the server is down or unreachable; a 404 means the chunk no longer exists. An
 * answer of any other kind means the file is there and a new attempt may succeed.
 */
export async function classifyImportFailure(error: unknown): Promise<ChunkFailure> {
  const url = error instanceof Error ? error.message.match(MODULE_URL)?.[0] : undefined;
  try {
    const response = await fetch(url ?? `${location.origin}/index.html`, {
      method: 'HEAD',
      cache: 'no-store',
    });
    if (response.status === 404) return 'missing';
    // The server answers, yet the browser could not load the module and did not say which: stale code.
    return url ? 'offline' : 'missing';
  } catch {
    return 'offline';
  }
}

/** Raised by `retryFailedScreens`: a screen whose load failed before it tries afresh when next shown. */
let retryGeneration = 0;

/**
 * Lets screens whose code failed to load try again on their next render ("Try again",
 * or a navigation). Only then: React renders a failed component a second time before
 * showing the error, and a fresh import on that render would loop for as long as the
 * server is down.
 */
export function retryFailedScreens(): void {
  retryGeneration += 1;
}

/**
 * A code-split screen like React.lazy, whose failed load can be tried again:
 * React.lazy remembers a rejected import for good, so after a failure (and a
 * `retryFailedScreens`) the next render starts a fresh one.
 */
export function lazyScreen<M>(importer: () => Promise<M>, pick: (module: M) => ComponentType): ComponentType {
  let failedIn: number | null = null;
  const load = async () => {
    try {
      return { default: pick(await importer()) };
    } catch (error) {
      failedIn = retryGeneration;
      throw new ChunkLoadError(await classifyImportFailure(error), error);
    }
  };
  const attempt = () =>
    lazy(() => {
      const ready = loadedModule(importer);
      if (ready === undefined) return load();
      // Code already here (lib/loaded-modules.ts): a thenable that answers at once, which
      // React.lazy reads as resolved on the spot, so the first render does not suspend.
      const answer = { default: pick(ready) };
      // biome-ignore lint/suspicious/noThenProperty: a thenable on purpose, React.lazy calls its then at once.
      return { then: (resolve: (value: typeof answer) => void) => resolve(answer) } as Promise<typeof answer>;
    });
  let current = attempt();
  // biome-ignore lint/correctness/noComponentHookFactories: made once per screen at module load, as React.lazy is, so each screen keeps one identity.
  function LazyScreen() {
    if (failedIn !== null && failedIn < retryGeneration) {
      failedIn = null;
      current = attempt();
    }
    const Current = current;
    return <Current />;
  }
  return LazyScreen;
}
