import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';

const base = { SECRET_KEY: 'k'.repeat(64) };

describe('MAIL_IDLE_SCAN_SECONDS', () => {
  it('looks for mailboxes to watch every 30 s unless told otherwise', () => {
    expect(loadConfig(base).mailboxes.idleScanMs).toBe(30_000);
    expect(loadConfig({ ...base, MAIL_IDLE_SCAN_SECONDS: '2' }).mailboxes.idleScanMs).toBe(2_000);
  });

  it('refuses a pause the IDLE claims (90 s) would not outlive, and none at all', () => {
    expect(() => loadConfig({ ...base, MAIL_IDLE_SCAN_SECONDS: '61' })).toThrow(/MAIL_IDLE_SCAN_SECONDS/);
    expect(() => loadConfig({ ...base, MAIL_IDLE_SCAN_SECONDS: '0' })).toThrow(/MAIL_IDLE_SCAN_SECONDS/);
    expect(loadConfig(base).mailboxes.idleLeaseMs).toBeGreaterThan(60_000);
  });
});
