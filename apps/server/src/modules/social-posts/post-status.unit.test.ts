import { describe, expect, it } from 'vitest';
import { prepareEnqueue } from '../../jobs/enqueue.ts';
import { publishTargetJob } from './post-status.ts';

describe('publishTargetJob', () => {
  it('is filed under the post’s company', () => {
    expect(prepareEnqueue(publishTargetJob, { company_id: 4, target_id: 9 }, {}).company_id).toBe(4);
  });

  it('still reads a job queued with the earlier payload ({ companyId, targetId })', () => {
    expect(publishTargetJob.schema.parse({ companyId: 4, targetId: 9 })).toEqual({
      company_id: 4,
      target_id: 9,
    });
  });
});
