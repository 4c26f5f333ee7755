import type { Webhook } from '@kontora/contract/webhooks';
import { describe, expect, it } from 'vitest';
import { endpointName, overallSuccessRate, troubledEndpoints } from './webhook-figures.ts';

const hook = (over: Partial<Webhook>): Webhook => ({
  id: 1,
  url: 'https://hooks.example.com/in',
  description: null,
  event_types: ['customer.created'],
  enabled: true,
  disabled_reason: null,
  failing_since: null,
  previous_secret_expires_at: null,
  success_rate_24h: null,
  attempts_24h: 0,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  ...over,
});

describe('webhook figures of the integration widget', () => {
  it('weights each endpoint’s success by its attempts, and has no rate without attempts', () => {
    expect(overallSuccessRate([])).toEqual({ rate: null, attempts: 0 });
    expect(overallSuccessRate([hook({})])).toEqual({ rate: null, attempts: 0 });
    const result = overallSuccessRate([
      hook({ success_rate_24h: 1, attempts_24h: 3 }),
      hook({ success_rate_24h: 0, attempts_24h: 1 }),
    ]);
    expect(result).toEqual({ rate: 0.75, attempts: 4 });
  });

  it('lists disabled and currently failing endpoints, named by description or host', () => {
    const list = [
      hook({ id: 1 }),
      hook({ id: 2, failing_since: '2026-01-02T00:00:00.000Z', description: 'ERP' }),
      hook({ id: 3, enabled: false, disabled_reason: 'gone' }),
    ];
    expect(troubledEndpoints(list).map((h) => h.id)).toEqual([2, 3]);
    expect(endpointName(list[1] as Webhook)).toBe('ERP');
    expect(endpointName(list[2] as Webhook)).toBe('hooks.example.com');
  });
});
