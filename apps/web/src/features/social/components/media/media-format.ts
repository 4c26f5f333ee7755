/** Media lengths as people read them; file sizes come from lib/format (one formatter for the app). */
export { formatFileSize } from '../../../../lib/format.ts';

/** A video's length as m:ss (h:mm:ss from an hour). */
export function formatDuration(ms: number): string {
  const total = Math.round(ms / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}
