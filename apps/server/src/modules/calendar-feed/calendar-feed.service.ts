import { createHmac, randomBytes } from 'node:crypto';
import type { CalendarFeed, CalendarFeedBody } from '@kontora/contract/calendar-feed';
import { safeTimeZone } from '@kontora/contract/time-zone';
import type { AppContext } from '../../context.ts';
import { type Actor, personOf } from '../../lib/actor.ts';
import { notFound } from '../../lib/errors.ts';
import { hashToken } from '../../lib/tokens.ts';
import { companyProfile } from '../companies/companies.service.ts';
import { feedEvents } from '../events/events.service.ts';
import { isMember } from '../members/members.service.ts';
import {
  deleteFeed,
  type FeedRow,
  findFeed,
  findFeedByTokenHash,
  saveFeed,
} from './calendar-feed.repository.ts';
import { buildCalendar, type FeedComponent } from './calendar-ics.ts';

/*
 * The address's token is HMAC(SECRET_KEY, nonce), 256 bits: the table keeps
 * the nonce (so the address can be shown again in the settings) and the
 * token's hash (to find the feed), and neither opens the feed without the key.
 */
const tokenOf = (ctx: AppContext, nonce: string) =>
  createHmac('sha256', ctx.config.secretKey).update(`calendar-feed:${nonce}`).digest('base64url');

const urlOf = (ctx: AppContext, token: string) => `${ctx.config.appUrl}/api/calendar-feeds/${token}`;

function present(ctx: AppContext, row: FeedRow | undefined): CalendarFeed {
  if (!row) return { enabled: false, url: null, scope: null, created_at: null };
  return {
    enabled: true,
    url: urlOf(ctx, tokenOf(ctx, row.token_nonce)),
    scope: row.scope,
    created_at: row.created_at,
  };
}

export async function getCalendarFeed(ctx: AppContext, actor: Actor): Promise<CalendarFeed> {
  return present(ctx, await findFeed(ctx.db, actor.companyId, personOf(actor)));
}

/** Turns the feed on, or gives it a new address (the old one stops working at once). */
export async function createCalendarFeed(
  ctx: AppContext,
  actor: Actor,
  body: CalendarFeedBody,
): Promise<CalendarFeed> {
  const nonce = randomBytes(24).toString('base64url');
  const row = {
    company_id: actor.companyId,
    user_id: personOf(actor),
    token_hash: hashToken(tokenOf(ctx, nonce)),
    token_nonce: nonce,
    scope: body.scope,
    created_at: ctx.clock.nowIso(),
  };
  // A person's own setting, not company data: no change-feed entry.
  await ctx.db.transaction().execute((trx) => saveFeed(trx, row));
  return present(ctx, { id: 0, ...row });
}

export async function deleteCalendarFeed(ctx: AppContext, actor: Actor): Promise<void> {
  await deleteFeed(ctx.db, actor.companyId, personOf(actor));
}

/** The document for a feed address; 404 for an unknown or replaced token or a person no longer a member. */
export async function calendarDocument(
  ctx: AppContext,
  token: string,
  component: FeedComponent,
): Promise<string> {
  const feed = await findFeedByTokenHash(ctx.db, hashToken(token));
  if (!feed || !(await isMember(ctx.db, feed.company_id, feed.user_id))) throw notFound('Calendar feed');
  const company = await companyProfile(ctx, feed.company_id);
  const { events, occurrences } = await feedEvents(
    ctx,
    feed.company_id,
    feed.scope === 'mine' ? feed.user_id : undefined,
  );
  return buildCalendar({
    name: company.name,
    host: new URL(ctx.config.appUrl).hostname || 'kontora.local',
    timeZone: safeTimeZone(company.time_zone),
    component,
    events,
    occurrences,
  });
}
