/** File sizes as people read them: KB below one MB, else MB, in the reader's language (Intl units). */
export function formatFileSize(bytes: number, language: string): string {
  const kb = bytes / 1024;
  if (kb < 1024) {
    return new Intl.NumberFormat(language, {
      style: 'unit',
      unit: 'kilobyte',
      maximumFractionDigits: kb < 10 ? 1 : 0,
    }).format(kb);
  }
  const mb = kb / 1024;
  return new Intl.NumberFormat(language, {
    style: 'unit',
    unit: 'megabyte',
    maximumFractionDigits: mb < 10 ? 1 : 0,
  }).format(mb);
}

/** A video's length as m:ss (h:mm:ss from an hour). */
export function formatDuration(ms: number): string {
  const total = Math.round(ms / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}
