import type { Deal } from '@kontora/contract/deals';
import type { Pipeline } from '@kontora/contract/pipelines';
import { dealKit } from '../modules/deals/deal-test-kit.ts';
import type { ConnectorSuite } from './connector-kit.ts';
import { startHubspotStandin } from './connector-standins/hubspot.ts';
import { startPipedriveStandin } from './connector-standins/pipedrive.ts';

const STAGES = ['Lead in', 'Qualified', 'Proposal', 'Negotiation', 'Won', 'Lost'];

/** What the deal sync tests ask of Kontora's side, for one connector suite. */
export function dealSyncKit(suite: ConnectorSuite) {
  return {
    /** A HubSpot stand-in whose one pipeline is named and staged as Kontora's first (stages s0…s5). */
    async hubspotSales() {
      const standin = await startHubspotStandin();
      suite.standins.push(standin);
      standin.pipelines.splice(0, standin.pipelines.length, {
        id: 'default',
        label: 'Sales',
        displayOrder: 0,
        stages: STAGES.map((label, i) => ({ id: `s${i}`, label, displayOrder: i })),
      });
      return standin;
    },
    /** A Pipedrive stand-in with a "Sales" pipeline of Kontora's open stages (pipeline 7, stages 71…). */
    async pipedriveSales() {
      const standin = await startPipedriveStandin();
      suite.standins.push(standin);
      standin.pipelines.push({
        id: 7,
        name: 'Sales',
        stages: STAGES.slice(0, 4).map((name, i) => ({ id: 71 + i, name })),
      });
      return standin;
    },
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
    /** The company's deal of this title, as the API answers it. */
    async dealTitled(company: number, title: string): Promise<Deal> {
      const deals = dealKit(suite.t);
      const list = (await deals.ok(suite.ana, 'GET', deals.deals(company, '?limit=100'))).items as Deal[];
      const deal = list.find((d) => d.title === title);
      if (!deal) throw new Error(`no deal ${title}`);
      return deal;
    },
    dealLinksOf: (company: number) =>
      suite.t.ctx.db
        .selectFrom('connector_deal_links')
        .selectAll()
        .where('company_id', '=', company)
        .orderBy('deal_id')
        .execute(),
  };
}
