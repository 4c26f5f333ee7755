import { SOCIAL_LIMITS, type SocialPost } from '@kontora/contract/social-posts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { socialKeys } from '../../shared/api/social-keys.ts';
import { getPosts } from './get-posts.ts';

export type CalendarRange = { from: string; to: string };

/** Enough pages for any month a company plans; past it the calendar says some are left out. */
const MAX_PAGES = 10;

/** Every post dated in the range (its schedule, else when written), following the list's keyset pages. */
async function getCalendarPosts(companyId: number, range: CalendarRange) {
  const items: SocialPost[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < MAX_PAGES; page++) {
    const answer = await getPosts(companyId, { ...range }, cursor, SOCIAL_LIMITS.pageMax);
    items.push(...answer.items);
    cursor = answer.next_cursor;
    if (!cursor) return { items, complete: true };
  }
  return { items, complete: false };
}

export const calendarPostsQueryOptions = (companyId: number, range: CalendarRange | null) =>
  queryOptions({
    queryKey: [...socialKeys.all(companyId), 'calendar', range?.from, range?.to] as const,
    queryFn: () => getCalendarPosts(companyId, range as CalendarRange),
    enabled: range !== null,
    placeholderData: keepPreviousData,
  });

export function useCalendarPosts(companyId: number, range: CalendarRange | null) {
  return useQuery(calendarPostsQueryOptions(companyId, range));
}
