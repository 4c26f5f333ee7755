import { useEffect, useState } from 'react';
import { getSession } from '../../../lib/session.ts';

/**
 * A medium's file (e.g. its thumbnail) as a `blob:` URL for `<img>`: the API
 * wants the bearer token, which an `<img src>` cannot send. Revoked when the
 * component goes away or the URL changes; null while loading or on failure.
 */
export function useMediaObjectUrl(apiUrl: string | null): string | null {
  const [objectUrl, setObjectUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!apiUrl) return;
    const controller = new AbortController();
    let created: string | null = null;
    const token = getSession().user?.token;
    fetch(apiUrl, {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
      signal: controller.signal,
    })
      .then((response) => (response.ok ? response.blob() : null))
      .then((blob) => {
        if (!blob || controller.signal.aborted) return;
        created = URL.createObjectURL(blob);
        setObjectUrl(created);
      })
      .catch(() => {});
    return () => {
      controller.abort();
      if (created) URL.revokeObjectURL(created);
      setObjectUrl(null);
    };
  }, [apiUrl]);
  return objectUrl;
}
