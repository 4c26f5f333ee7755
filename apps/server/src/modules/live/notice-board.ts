/** Where services report passing notices in this process, and the live module follows them (onto its relays). */
export interface NoticeBoard<T> {
  notify(notice: T): void;
  observe(listener: (notice: T) => void): () => void;
}

export function createNoticeBoard<T>(): NoticeBoard<T> {
  const listeners = new Set<(notice: T) => void>();
  return {
    notify(notice) {
      for (const listener of listeners) listener(notice);
    },
    observe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
