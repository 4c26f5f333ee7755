import { useCallback, useRef, useState } from 'react';
import { isApiError } from '../../../../lib/api-client.ts';
import { newIdempotencyKey } from '../../../../lib/create-attempt.ts';
import { isAbort, type UploadProgress } from '../../../../lib/upload-with-progress.ts';
import { useUploadSocialMedia } from '../../api/upload-social-media.ts';

/** One file on its way: sending (with progress), done, or refused with the server's reason. */
export type MediaUploadItem = {
  key: number;
  name: string;
  size: number;
  progress: UploadProgress;
  state: 'uploading' | 'done' | 'failed';
  /** When failed: the reason's code (`details.file`, else the error code) and the server's message. */
  error?: { code: string; message: string };
};

let nextKey = 1;

/**
 * Uploads files one after another (a phone on a slow line does better with
 * one at a time) and keeps each one's progress and outcome for the list under
 * the upload button; finished ones leave it, failed ones stay until dismissed.
 */
export function useMediaUploads(companyId: number) {
  const upload = useUploadSocialMedia(companyId);
  const [items, setItems] = useState<MediaUploadItem[]>([]);
  const queue = useRef(Promise.resolve());
  const controllers = useRef(new Map<number, AbortController>());
  /** Cancelled while still waiting in the queue: skipped when their turn comes. */
  const cancelled = useRef(new Set<number>());

  const patch = useCallback((key: number, change: Partial<MediaUploadItem>) => {
    setItems((list) => list.map((item) => (item.key === key ? { ...item, ...change } : item)));
  }, []);

  const send = useCallback(
    async (key: number, file: File, idempotencyKey: string) => {
      if (cancelled.current.delete(key)) return;
      const controller = new AbortController();
      controllers.current.set(key, controller);
      try {
        await upload(file, {
          signal: controller.signal,
          onProgress: (progress) => patch(key, { progress }),
          idempotencyKey,
        });
        setItems((list) => list.filter((item) => item.key !== key));
      } catch (error) {
        if (isAbort(error)) {
          setItems((list) => list.filter((item) => item.key !== key));
          return;
        }
        const code = isApiError(error) ? (error.details.file?.[0] ?? error.code) : 'network_error';
        const message = error instanceof Error ? error.message : String(error);
        patch(key, { state: 'failed', error: { code, message } });
      } finally {
        controllers.current.delete(key);
      }
    },
    [upload, patch],
  );

  const add = useCallback(
    (files: Iterable<File>) => {
      for (const file of files) {
        const key = nextKey++;
        setItems((list) => [
          ...list,
          {
            key,
            name: file.name,
            size: file.size,
            progress: { loaded: 0, total: file.size },
            state: 'uploading',
          },
        ]);
        // Each chosen file is one medium: its own key, so a repeated request of it stores it once.
        const idempotencyKey = newIdempotencyKey();
        queue.current = queue.current.then(() => send(key, file, idempotencyKey));
      }
    },
    [send],
  );

  const cancel = useCallback((key: number) => {
    const controller = controllers.current.get(key);
    if (controller) controller.abort();
    else cancelled.current.add(key);
    if (!controller) setItems((list) => list.filter((item) => item.key !== key));
  }, []);

  return { items, add, cancel };
}
