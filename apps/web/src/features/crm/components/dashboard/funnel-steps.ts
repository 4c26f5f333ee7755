import type { CrmStats } from '@kontora/contract/crm-stats';
import type { CustomerStatus } from '@kontora/contract/customers';

export type FunnelStep = {
  status: CustomerStatus;
  /** Customers with this status now. */
  count: number;
  /**
   * Customers that reached this step: this status or one further along. What
   * the bars draw, so that they shrink step by step as the percentages say.
   */
  reached: number;
  /**
   * Share of those who reached the previous step that went on to this one, 0–1;
   * null for the first step, or when nobody reached the previous one. A customer
   * further along is counted as having passed every earlier step, so the share
   * never exceeds 100 % however the current statuses are spread.
   */
  conversion: number | null;
};

export function funnelSteps(funnel: CrmStats['funnel']): FunnelStep[] {
  const reached = funnel.map((_, i) => funnel.slice(i).reduce((sum, step) => sum + step.count, 0));
  return funnel.map((step, i) => {
    const before = i === 0 ? 0 : (reached[i - 1] ?? 0);
    return {
      status: step.status,
      count: step.count,
      reached: reached[i] ?? 0,
      conversion: i === 0 || before === 0 ? null : (reached[i] ?? 0) / before,
    };
  });
}
