/**
 * Modules whose code has arrived, by the import function that asked for them. The entry
 * loads the first screen's code before React has started (app/first-screen.ts); a lazy
 * screen that finds its module here renders at once instead of suspending for a tick, and
 * a suspended first render would show the spinner and hold the screen back (React waits up
 * to 300 ms after a fallback before it reveals the content). Free of imports: it belongs to
 * the entry's small chunk.
 */
const loaded = new WeakMap<() => Promise<unknown>, unknown>();

/** Runs `importer` and remembers its module once it has arrived. */
export function loadModule<M>(importer: () => Promise<M>): Promise<M> {
  return importer().then((module) => {
    loaded.set(importer, module);
    return module;
  });
}

/** The module `importer` has brought already, if any. */
export function loadedModule<M>(importer: () => Promise<M>): M | undefined {
  return loaded.get(importer) as M | undefined;
}
