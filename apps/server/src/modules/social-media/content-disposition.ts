/**
 * A Content-Disposition header that no file name can break: an ASCII fallback
 * with quotes, backslashes and control characters replaced, and the real name
 * as RFC 5987 `filename*` (percent-encoded UTF-8).
 */
export function contentDisposition(kind: 'inline' | 'attachment', name: string): string {
  const ascii = name.replace(/[^\x20-\x7E]|["\\%;]/g, '_') || 'file';
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
