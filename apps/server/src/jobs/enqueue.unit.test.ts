import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineJob } from './define-job.ts';
import { prepareEnqueue } from './enqueue.ts';

describe('prepareEnqueue', () => {
  it('files a job under the company its payload names as `company_id`', () => {
    const job = defineJob('x.company', z.object({ company_id: z.number(), n: z.number() }));
    expect(prepareEnqueue(job, { company_id: 7, n: 1 }, {}).company_id).toBe(7);
    expect(prepareEnqueue(job, { company_id: 7, n: 1 }, { companyId: 8 }).company_id).toBe(8);
  });

  it('refuses a payload that calls its company `companyId` (it would be stored as nobody’s job)', () => {
    const job = defineJob('x.camel', z.object({ companyId: z.number() }));
    expect(() => prepareEnqueue(job, { companyId: 7 }, {})).toThrow(/company_id/);
  });
});
