const formats = new Map<string, Intl.NumberFormat>();

function formatFor(currency: string, language: string): Intl.NumberFormat {
  const key = `${language}|${currency}`;
  let format = formats.get(key);
  if (!format) {
    try {
      format = new Intl.NumberFormat(language, { style: 'currency', currency });
    } catch {
      // A code this browser's Intl does not know (a retired one kept on old records) reads as a plain number.
      format = new Intl.NumberFormat(language, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    }
    formats.set(key, format);
  }
  return format;
}

/** An amount in its currency, in the reader's language ("€1,250.00", "1.250,00 €"). */
export function formatMoney(amount: number, currency: string, language: string): string {
  const format = formatFor(currency, language);
  return format.resolvedOptions().style === 'currency'
    ? format.format(amount)
    : `${format.format(amount)} ${currency}`;
}
