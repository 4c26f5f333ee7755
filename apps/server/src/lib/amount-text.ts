import { isCurrentCurrency } from '@kontora/contract/currencies';

/**
 * Currencies whose own locales write the decimal point as `.` (and group thousands with `,`);
 * most others (EUR among them) write `1.234,56`. Only a lone separator followed by three digits
 * (`1,234`, `1.234`) is ambiguous: there the company's currency decides.
 */
const POINT_DECIMAL = new Set([
  'USD',
  'GBP',
  'CHF',
  'CAD',
  'AUD',
  'NZD',
  'JPY',
  'CNY',
  'HKD',
  'SGD',
  'INR',
  'MXN',
  'KRW',
  'ILS',
  'THB',
  'PHP',
  'MYR',
  'TWD',
  'NGN',
  'KES',
  'ZAR',
  'AED',
  'SAR',
  'EGP',
  'PKR',
]);

/** The ways an amount cell may name the currency: its code, its symbol, its narrow symbol. */
function currencyMarks(currency: string): string[] {
  const marks = new Set([currency.toLowerCase()]);
  for (const currencyDisplay of ['symbol', 'narrowSymbol'] as const) {
    try {
      const parts = new Intl.NumberFormat('en', {
        style: 'currency',
        currency,
        currencyDisplay,
      }).formatToParts(1);
      const mark = parts.find((p) => p.type === 'currency')?.value;
      if (mark) marks.add(mark.toLowerCase());
    } catch {
      // A code the runtime does not know: only the code itself names it.
    }
  }
  return [...marks].sort((a, b) => b.length - a.length);
}

/**
 * An amount cell read as a number in the company's currency: `1234.5`, `1.234,50`, `1,234.50`,
 * `1 234,50`, `€ 1.200`, `1200 EUR`. Answers a reason code when it is no such amount
 * (`other_currency` when it names another currency).
 */
export function readAmount(cell: string, currency: string): number | { reason: string } {
  let text = cell.toLowerCase().replace(/[\s\u00a0\u202f']/g, '');
  for (const mark of currencyMarks(currency)) {
    if (text.startsWith(mark)) text = text.slice(mark.length);
    else if (text.endsWith(mark)) text = text.slice(0, -mark.length);
  }
  if (/[^\d.,-]/.test(text)) {
    const code = /^[a-z]{3}|[a-z]{3}$/.exec(text)?.[0];
    const other = (code !== undefined && isCurrentCurrency(code.toUpperCase())) || /[$€£¥₽₹₩₺]/.test(text);
    return { reason: other ? 'other_currency' : 'invalid_number' };
  }
  if (!/^-?\d[\d.,]*$/.test(text)) return { reason: 'invalid_number' };
  const lastDot = text.lastIndexOf('.');
  const lastComma = text.lastIndexOf(',');
  let decimal: '.' | ',' | null;
  if (lastDot >= 0 && lastComma >= 0) decimal = lastDot > lastComma ? '.' : ',';
  else {
    const sep = lastDot >= 0 ? '.' : lastComma >= 0 ? ',' : null;
    if (sep === null) decimal = null;
    else if (text.split(sep).length > 2) decimal = null;
    else if (/^\d{3}$/.test(text.slice(text.lastIndexOf(sep) + 1)))
      decimal = POINT_DECIMAL.has(currency) === (sep === '.') ? sep : null;
    else decimal = sep;
  }
  const [whole = '', fraction] = decimal
    ? [text.slice(0, text.lastIndexOf(decimal)), text.slice(text.lastIndexOf(decimal) + 1)]
    : [text];
  const group = decimal === ',' ? '.' : ',';
  if (decimal && whole.includes(decimal)) return { reason: 'invalid_number' };
  const digits = whole.split(decimal === null ? /[.,]/ : group);
  if (digits.length > 1 && digits.slice(1).some((d) => d.length !== 3)) return { reason: 'invalid_number' };
  const value = Number(`${digits.join('')}${fraction === undefined ? '' : `.${fraction}`}`);
  return Number.isFinite(value) ? value : { reason: 'invalid_number' };
}
