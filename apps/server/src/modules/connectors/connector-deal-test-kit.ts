import type { Pipeline } from '@kontora/contract/pipelines';
import type { ConnectorSuite } from '../../test-support/connector-kit.ts';
import { dealKit } from '../deals/deal-test-kit.ts';

/** What the deal sync tests ask of Kontora's side, for one connector suite. */
export function dealSyncKit(suite: ConnectorSuite) {
  return {
    /** Kontora's first pipeline ("Sales": Lead in, Qualified, Proposal, Negotiation, Won, Lost) and a stage of it by name. */
    async salesOf(company: number) {
      const pipeline: Pipeline = await dealKit(suite.t).pipelineOf(suite.ana, company);
      const stage = (name: string) => {
        const s = pipeline.stages.find((x) => x.name === name);
        if (!s) throw new Error(`no stage ${name}`);
        return s.id;
      };
      return { pipeline, stage };
    },
    dealsOf: (company: number) =>
      suite.t.ctx.db
        .selectFrom('deals')
        .select([
          'id',
          'title',
          'stage_id',
          'status',
          'amount_cents',
          'currency',
          'organisation_id',
          'version',
        ])
        .where('company_id', '=', company)
        .orderBy('id')
        .execute(),
    customerNamed: async (company: number, where: { name?: string; email?: string }) =>
      suite.t.ctx.db
        .selectFrom('customers')
        .select('id')
        .where('company_id', '=', company)
        .$if(where.name !== undefined, (q) => q.where('name', '=', where.name as string))
        .$if(where.email !== undefined, (q) => q.where('email', '=', where.email as string))
        .executeTakeFirstOrThrow()
        .then((r) => r.id),
    dealLinksOf: (company: number) =>
      suite.t.ctx.db
        .selectFrom('connector_deal_links')
        .selectAll()
        .where('company_id', '=', company)
        .orderBy('deal_id')
        .execute(),
  };
}
