import { describe, expect, it } from 'vitest';
import { failedTestFiles, failureDigest } from './npm-scripts.ts';

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

describe('failed test files', () => {
  const report = (...lines: string[]) => lines.join('\n');

  it('names each failed file once, from failed tests and from files whose hooks failed', () => {
    const output = report(
      ' \u001b[32m✓\u001b[39m apps/server/src/a.api.test.ts (3 tests) 900ms',
      '⎯⎯⎯⎯⎯⎯ Failed Suites 1 ⎯⎯⎯⎯⎯⎯',
      ' FAIL   api  apps/server/src/modules/b/b.api.test.ts [ apps/server/src/modules/b/b.api.test.ts ]',
      'Error: Hook timed out in 60000ms.',
      '⎯⎯⎯⎯⎯⎯ Failed Tests 2 ⎯⎯⎯⎯⎯⎯',
      ' \u001b[31mFAIL\u001b[39m   e2e  apps/web/e2e/deals-board.e2e.ts > the board > moves a deal',
      ' FAIL   e2e  apps/web/e2e/deals-board.e2e.ts > the board > filters',
      ' Test Files  2 failed | 1 passed (3)',
    );
    expect(failedTestFiles(output)).toEqual([
      'apps/server/src/modules/b/b.api.test.ts',
      'apps/web/e2e/deals-board.e2e.ts',
    ]);
  });

  it('names none when the run failed without naming a file, so nothing is run again', () => {
    const unhandled = report(
      ' FAIL   api  apps/server/src/a.api.test.ts > one',
      '⎯⎯⎯⎯⎯⎯ Unhandled Errors ⎯⎯⎯⎯⎯⎯',
      'Error: socket hang up',
    );
    expect(failedTestFiles(unhandled)).toEqual([]);
    expect(failedTestFiles('Error: Cannot find module vitest\n')).toEqual([]);
  });
});
