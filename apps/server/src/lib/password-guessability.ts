import { dictionary } from '@zxcvbn-ts/language-common';
import { COMMON_PASSWORDS } from './common-passwords.ts';

/** What a person's new password must not be built from, besides the lists of common passwords. */
export interface PasswordContext {
  email?: string;
  fullName?: string | null;
  /** The product's own name(s) as people see it (APP_NAME); "kontora" is always among them. */
  productName?: string;
}

/** Why a password is refused: a detail code of the contract, shown in six languages. */
export type GuessableReason = 'common_password' | 'password_from_context';

/**
 * A password made of the person's or product's names needs something of its own besides them:
 * at least this many letters that are not those names (digits and symbols around them add little).
 */
const OWN_LETTERS_MIN = 6;

let breached: ReadonlySet<string> | undefined;
/** zxcvbn's list of ~49,000 passwords most seen in breaches (MIT), read on first use and kept. */
function breachedPasswords(): ReadonlySet<string> {
  breached ??= new Set(dictionary['passwords-common']);
  return breached;
}

const isCommon = (word: string) => COMMON_PASSWORDS.has(word) || breachedPasswords().has(word);

/** "abcabcabc", "pwrulespwrules": a short unit said again is as easy to guess as the unit. */
const isRepetition = (word: string) => /^(.+?)\1+$/u.test(word);

const isSequence = (word: string) =>
  '01234567890123456789'.includes(word) ||
  '98765432109876543210'.includes(word) ||
  'abcdefghijklmnopqrstuvwxyz'.includes(word) ||
  'qwertyuiopasdfghjklzxcvbnm'.includes(word);

/** The person's and the product's names as lower-case words of three letters or more. */
function contextWords(context: PasswordContext): string[] {
  const local = context.email?.split('@')[0] ?? '';
  const parts = [local, ...local.split(/[._+-]+/), ...(context.fullName ?? '').split(/\s+/)];
  parts.push('kontora', ...(context.productName ?? '').split(/\s+/));
  const words = parts.map((p) => p.toLowerCase().replace(/[^\p{L}]+/gu, '')).filter((w) => w.length >= 3);
  // Longest first, so "anamarija" goes whole before "ana" takes a bite of it.
  return [...new Set(words)].sort((a, b) => b.length - a.length);
}

/**
 * Why the password is too guessable to accept (OWASP ASVS 6.2.4 and 6.2.11), or undefined:
 * a common or breached password, with or without digits and symbols at its end; one
 * character, a run of the keyboard or the alphabet, or a repeated unit; or the person's
 * email, name or the product's name with too little of its own besides.
 */
export function guessablePasswordReason(
  password: string,
  context: PasswordContext = {},
): GuessableReason | undefined {
  const lower = password.normalize('NFKC').toLowerCase();
  const base = lower.replace(/[\d\p{P}\p{S}\s]+$/u, '');
  if (isCommon(lower) || (base.length >= 4 && isCommon(base))) return 'common_password';
  if (isSequence(lower) || isRepetition(lower) || (base.length >= 3 && isRepetition(base)))
    return 'common_password';
  const letters = lower.replace(/[^\p{L}]+/gu, '');
  let own = letters;
  for (const word of contextWords(context)) own = own.split(word).join('');
  if (own === letters) return undefined;
  if (own.length < OWN_LETTERS_MIN || isCommon(own) || isRepetition(own)) return 'password_from_context';
  return undefined;
}
