import { useEffect, useState } from 'react';
import { getSession } from '../../../lib/session.ts';

/**
 * Media files (e.g. thumbnails) as `blob:` URLs for `<img>`: the API wants the
 * bearer token, which an `<img src>` cannot send. One entry per URL given, in
 * order; null while loading, on failure, or for a null URL. Revoked when the
 * component goes away or the URLs change.
 */
export function useMediaObjectUrls(apiUrls: (string | null)[]): (string | null)[] {
  const key = apiUrls.join('\n');
  const [objectUrls, setObjectUrls] = useState<Record<string, string>>({});
  useEffect(() => {
    const urls = [...new Set(key.split('\n').filter(Boolean))];
    if (urls.length === 0) return;
    const controller = new AbortController();
    const created: string[] = [];
    const token = getSession().user?.token;
    for (const url of urls)
      fetch(url, { headers: token ? { Authorization: `Bearer ${token}` } : {}, signal: controller.signal })
        .then((response) => (response.ok ? response.blob() : null))
        .then((blob) => {
          if (!blob || controller.signal.aborted) return;
          const objectUrl = URL.createObjectURL(blob);
          created.push(objectUrl);
          setObjectUrls((old) => ({ ...old, [url]: objectUrl }));
        })
        .catch(() => {});
    return () => {
      controller.abort();
      for (const objectUrl of created) URL.revokeObjectURL(objectUrl);
      setObjectUrls({});
    };
  }, [key]);
  return apiUrls.map((url) => (url ? (objectUrls[url] ?? null) : null));
}

/** One medium's file as a `blob:` URL (see `useMediaObjectUrls`). */
export function useMediaObjectUrl(apiUrl: string | null): string | null {
  return useMediaObjectUrls([apiUrl])[0] ?? null;
}
