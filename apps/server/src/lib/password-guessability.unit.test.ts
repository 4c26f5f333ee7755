import { describe, expect, it } from 'vitest';
import { guessablePasswordReason } from './password-guessability.ts';

describe('guessablePasswordReason', () => {
  it('refuses common and breached passwords, with or without digits and symbols at the end', () => {
    for (const p of [
      'password123',
      'Password2026!',
      'qwertyuiop',
      '1234567890',
      'iloveyou12',
      'aaaaaaaaaaaa',
      'abcdefghijk',
      'trustno1trustno1',
      'sunshine!!2026',
    ])
      expect(guessablePasswordReason(p), p).toBe('common_password');
  });

  it('refuses a short unit said again', () => {
    for (const p of ['pwrulespwrules', 'eveeveeve1', 'abc123abc123abc123'])
      expect(guessablePasswordReason(p), p).toBe('common_password');
  });

  it("refuses the person's email or name, or the product's name, with too little besides", () => {
    const ana = { email: 'ana.horvat@example.com', fullName: 'Ana Horvat', productName: 'Kontora' };
    expect(guessablePasswordReason('ana.horvat2026', ana)).toBe('password_from_context');
    expect(guessablePasswordReason('Horvat-Ana-1990!', ana)).toBe('password_from_context');
    expect(guessablePasswordReason('Kontora-demo-2026', ana)).toBe('password_from_context');
    expect(guessablePasswordReason('kontora-demo-2026')).toBe('password_from_context');
    expect(guessablePasswordReason('AcmeCRM 2026!!', { productName: 'AcmeCRM' })).toBe(
      'password_from_context',
    );
    expect(guessablePasswordReason('kontorapassword', ana)).toBe('password_from_context');
    const eve = { email: 'eve@example.com', fullName: 'Eve' };
    expect(guessablePasswordReason('EveEveEve2026', eve)).toBe('common_password');
    expect(guessablePasswordReason('eve.eve.2026.eve', eve)).toBe('password_from_context');
  });

  it('accepts ordinary passphrases, also when a name is one word among others', () => {
    const ana = { email: 'ana@example.com', fullName: 'Ana Horvat', productName: 'Kontora' };
    for (const p of [
      'correct horse battery',
      'Zagreb je lijep grad',
      'banana split sundae',
      'ana loves green tea at noon',
      'my kontora sales board 7',
    ])
      expect(guessablePasswordReason(p, ana), p).toBeUndefined();
  });
});
