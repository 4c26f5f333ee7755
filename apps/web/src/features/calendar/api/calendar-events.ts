import { EVENT_LIMITS } from '@kontora/contract/event-values';
import type { TodoEvent } from '@kontora/contract/events';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { crmKeys } from '../../shared/api/crm-keys.ts';
import { getEvents } from '../../shared/api/get-events.ts';

/** The instants the visible view covers: events overlapping [from, to). */
export type VisibleRange = { from: string; to: string };

/**
 * Every to-do overlapping the range, following `next_cursor` when a view holds
 * more than one page (1000). Keyed under `crmKeys.events`, so any CRM write
 * (the dialog, a move, the to-do list) refetches what the calendar shows.
 */
async function getAllEvents(
  companyId: number,
  range: VisibleRange,
  signal: AbortSignal,
): Promise<TodoEvent[]> {
  const items: TodoEvent[] = [];
  let cursor: string | undefined;
  do {
    const page = await getEvents(companyId, { ...range, limit: EVENT_LIMITS.pageMax, cursor }, signal);
    items.push(...page.items);
    cursor = page.next_cursor ?? undefined;
  } while (cursor);
  return items;
}

export function useCalendarEvents(companyId: number, range: VisibleRange | null) {
  return useQuery({
    queryKey: crmKeys.eventList(companyId, { ...range, view: 'calendar' }),
    queryFn: ({ signal }) => getAllEvents(companyId, range as VisibleRange, signal),
    enabled: range !== null,
    // Navigating keeps the previous period's events until the next arrive, instead of an empty flash.
    placeholderData: keepPreviousData,
  });
}
