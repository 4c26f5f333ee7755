import type { TodoEvent } from '@kontora/contract/events';
import { api } from '../../../lib/api-client.ts';
import { eventsPath } from './get-events.ts';

/** One to-do as it is now; of a series, the occurrence that started at `occurrenceStart`. */
export function getEvent(companyId: number, id: number, occurrenceStart: string | null): Promise<TodoEvent> {
  return api.get<TodoEvent>(`${eventsPath(companyId)}/${id}`, {
    query: { occurrence: occurrenceStart ?? undefined },
  });
}
