import { describe, expect, it } from 'vitest';
import { funnelSteps } from './funnel-steps.ts';

const funnel = (lead: number, prospect: number, customer: number) => [
  { status: 'lead' as const, count: lead },
  { status: 'prospect' as const, count: prospect },
  { status: 'customer' as const, count: customer },
];

describe('funnelSteps', () => {
  it('counts those further along as having passed the earlier steps', () => {
    expect(funnelSteps(funnel(3, 2, 1))).toEqual([
      { status: 'lead', count: 3, reached: 6, conversion: null },
      { status: 'prospect', count: 2, reached: 3, conversion: 3 / 6 },
      { status: 'customer', count: 1, reached: 1, conversion: 1 / 3 },
    ]);
  });

  it('draws bars that never grow from one step to the next', () => {
    // 9 prospects and 18 customers: the customer bar is not longer than the prospect bar.
    const reached = funnelSteps(funnel(5, 9, 18)).map((s) => s.reached);
    expect(reached).toEqual([32, 27, 18]);
  });

  it('never exceeds 100 % when later steps hold more than earlier ones', () => {
    const steps = funnelSteps(funnel(1, 0, 5));
    expect(steps.map((s) => s.conversion)).toEqual([null, 5 / 6, 1]);
  });

  it('has no conversion where nobody reached the previous step', () => {
    expect(funnelSteps(funnel(0, 0, 0)).map((s) => s.conversion)).toEqual([null, null, null]);
    expect(funnelSteps(funnel(2, 0, 0)).map((s) => s.conversion)).toEqual([null, 0, null]);
  });
});
