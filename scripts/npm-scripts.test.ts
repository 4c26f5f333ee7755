import { describe, expect, it } from 'vitest';
import { failureDigest } from './npm-scripts.ts';

describe('failure digest', () => {
  it("keeps vitest's failed-test section, FAIL lines and counts, without colours", () => {
    const output = [
      ' \u001b[32m✓\u001b[39m apps/web/e2e/login.e2e.ts (2 tests) 900ms',
      ' FAIL  apps/web/e2e/deals-board.e2e.ts > moves a deal',
      '⎯⎯⎯⎯⎯⎯⎯ Failed Tests 1 ⎯⎯⎯⎯⎯⎯⎯',
      'TimeoutError: locator.click: Timeout 10000ms exceeded.',
      ' Test Files  1 failed | 1 passed (2)',
      '      Tests  1 failed | 2 passed (3)',
      '   Duration  12.3s',
    ].join('\n');
    const digest = failureDigest(output);
    expect(digest).toContain('FAIL  apps/web/e2e/deals-board.e2e.ts > moves a deal');
    expect(digest).toContain('TimeoutError: locator.click');
    expect(digest).toContain('Tests  1 failed | 2 passed (3)');
    expect(digest).not.toContain('login.e2e.ts');
    expect(digest).not.toContain('Duration');
    expect(digest).not.toContain('\u001b[');
  });

  it('falls back to the last lines when the runner printed no sections (lint, type check)', () => {
    const output = ['Checking…', 'src/a.ts(3,1): error TS2304: Cannot find name x.', ''].join('\n');
    expect(failureDigest(output)).toBe('Checking…\nsrc/a.ts(3,1): error TS2304: Cannot find name x.');
  });
});
