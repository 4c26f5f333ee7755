import type { Forecast, ForecastQuery } from '@kontora/contract/deals';
import type { AppContext } from '../../context.ts';
import { ownerNames, statsRows } from './deal-forecast.repository.ts';
import { companyCurrency } from './deals.repository.ts';
import { selectStages } from './pipelines.repository.ts';

/** Months from..to inclusive, `YYYY-MM`. */
export function monthsBetween(from: string, to: string): string[] {
  const out: string[] = [];
  let [y, m] = from.split('-').map(Number) as [number, number];
  for (let i = 0; i < 1200; i++) {
    const month = `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}`;
    if (month > to) break;
    out.push(month);
    m += 1;
    if (m > 12) {
      m = 1;
      y += 1;
    }
  }
  return out;
}

const money = (cents: number) => Math.round(cents) / 100;

/**
 * The forecast, read from the figures the deals' write door keeps (deal_stats; decision 051):
 * a few hundred rows whatever the number of deals. Months are UTC calendar months; amounts
 * count the deals in the company's currency, rates and counts every deal.
 */
export async function forecastOf(
  ctx: Pick<AppContext, 'db'>,
  companyId: number,
  query: ForecastQuery,
): Promise<Forecast> {
  const thisMonth = new Date().toISOString().slice(0, 7);
  const from = query.from ?? (query.to && query.to < thisMonth ? query.to : thisMonth);
  const to = query.to ?? monthsBetween(from, '9999-12').slice(0, 6).at(-1) ?? from;
  const months = monthsBetween(from, to);
  const inPeriod = (month: string) => month >= from && month <= to;
  const currency = await companyCurrency(ctx.db, companyId);
  const rows = await statsRows(ctx.db, companyId, { pipelineId: query.pipeline_id, ownerId: query.owner_id });

  const byMonth = new Map(months.map((m) => [m, { open: 0, weighted: 0, won: 0 }]));
  const owners = new Map<number, { count: number; open: number }>();
  const entered = new Map<number, number>();
  let open = 0;
  let weighted = 0;
  let won = 0;
  let lost = 0;
  let seconds = 0;
  for (const r of rows) {
    const n = Number(r.n);
    const mine = r.currency === currency;
    const amount = mine ? Number(r.amount_cents) : 0;
    if (r.kind === 'open') {
      open += amount;
      weighted += mine ? Number(r.weighted) / 100 : 0;
      const month = byMonth.get(r.month);
      if (month) {
        month.open += amount;
        month.weighted += mine ? Number(r.weighted) / 100 : 0;
      }
      const owner = owners.get(r.owner_id) ?? { count: 0, open: 0 };
      owner.count += n;
      owner.open += amount;
      owners.set(r.owner_id, owner);
    } else if (r.kind === 'entered') {
      if (inPeriod(r.month)) entered.set(r.stage_id, (entered.get(r.stage_id) ?? 0) + n);
    } else if (inPeriod(r.month)) {
      if (r.kind === 'won') {
        won += n;
        seconds += Number(r.seconds);
        const month = byMonth.get(r.month);
        if (month) month.won += amount;
      } else lost += n;
    }
  }

  const stages = await selectStages(
    ctx.db,
    companyId,
    query.pipeline_id === undefined ? undefined : [query.pipeline_id],
  );
  const stage_conversion: Forecast['stage_conversion'] = [];
  const pipelines = [...new Set(stages.map((s) => s.pipeline_id))];
  for (const pipelineId of pipelines) {
    const flow = stages.filter((s) => s.pipeline_id === pipelineId && s.kind !== 'lost');
    for (let i = 0; i + 1 < flow.length; i++) {
      const a = flow[i];
      const b = flow[i + 1];
      if (!a || !b || a.kind === 'won') continue;
      const base = entered.get(a.id) ?? 0;
      stage_conversion.push({
        from_stage_id: a.id,
        to_stage_id: b.id,
        rate: base === 0 ? null : Math.min(1, (entered.get(b.id) ?? 0) / base),
      });
    }
  }

  const names = await ownerNames(
    ctx.db,
    companyId,
    [...owners.keys()].filter((id) => id !== 0),
  );
  const by_owner = [...owners.entries()]
    .filter(([, o]) => o.count !== 0)
    .map(([id, o]) => ({
      owner_id: id === 0 ? null : id,
      owner_name: id === 0 ? null : (names.get(id) ?? null),
      count: o.count,
      open_amount: money(o.open),
    }))
    .sort((a, b) => b.open_amount - a.open_amount || (a.owner_id ?? 0) - (b.owner_id ?? 0));

  return {
    currency,
    open_amount: money(open),
    weighted_amount: money(weighted),
    by_month: months.map((month) => {
      const m = byMonth.get(month) ?? { open: 0, weighted: 0, won: 0 };
      return {
        month,
        open_amount: money(m.open),
        weighted_amount: money(m.weighted),
        won_amount: money(m.won),
      };
    }),
    win_rate: won + lost === 0 ? null : won / (won + lost),
    avg_days_to_win: won === 0 ? null : Math.round((seconds / won / 86_400) * 10) / 10,
    stage_conversion,
    by_owner,
  };
}
