import { describe, expect, it } from 'vitest';
import { zodCodes } from './form-errors.ts';

describe('zodCodes', () => {
  it('names the built-in zod issues with translation codes', () => {
    expect(zodCodes({ code: 'too_small', minimum: 1 })).toBe('required');
    expect(zodCodes({ code: 'invalid_type' })).toBe('required');
    expect(zodCodes({ code: 'too_small', minimum: 5 })).toBe('too_short');
    expect(zodCodes({ code: 'too_big', maximum: 5 })).toBe('too_long');
    expect(zodCodes({ code: 'invalid_format', format: 'email' })).toBe('invalid_email');
    expect(zodCodes({ code: 'custom' })).toBe('invalid');
  });
});
