import type { EventChangeInfo } from '@fullcalendar/react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/errors.ts';
import { notify } from '../../../lib/notifications.ts';
import { crmKeys } from '../../shared/api/crm-keys.ts';
import type { OccurrenceTarget } from '../../shared/api/occurrence-query.ts';
import { useUpdateEvent } from '../../shared/api/update-event.ts';
import { useOccurrenceScope } from '../../shared/components/events/occurrence-scope.tsx';
import type { CalendarEventProps } from '../lib/calendar-event-input.ts';
import { type CalendarChange, movedEventBody, undoBody } from '../lib/moved-event-body.ts';

/** Long enough to notice the move and reach Undo with a keyboard. */
const UNDO_MS = 10_000;

/**
 * Saves a drag or resize. The event stays where it was dropped while the
 * server answers; a success refetches the calendar (through the CRM's
 * invalidation), any refusal (stale version, invalid, forbidden, offline)
 * puts it back and says why.
 */
export function useEventMoves(companyId: number, timeZone: string) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { mutate } = useUpdateEvent(companyId);
  const scope = useOccurrenceScope();
  const { ask } = scope;

  const save = useCallback(
    async (info: EventChangeInfo, change: CalendarChange) => {
      const { todo } = info.event.extendedProps as CalendarEventProps;
      // An occurrence of a repeating to-do: this one, this and following, or all? Cancel puts it back.
      let occurrence: OccurrenceTarget | undefined;
      if (todo.occurrence_start) {
        const chosen = await ask('move');
        if (!chosen) return info.revert();
        occurrence = { start: todo.occurrence_start, scope: chosen };
      }
      mutate(
        { id: todo.id, body: movedEventBody(info.event, todo, change, timeZone), occurrence },
        {
          // A short confirmation with Undo: puts the to-do back where it was.
          onSuccess: (saved) =>
            notify('success', t('calendar.moved', { title: todo.title }), UNDO_MS, {
              label: t('calendar.undo'),
              run: () =>
                mutate(
                  { id: todo.id, body: undoBody(todo, saved.version) },
                  { onError: (error) => notify('danger', errorMessage(t, error)) },
                ),
            }),
          onError: (error) => {
            info.revert();
            notify('danger', t('calendar.moveFailed', { reason: errorMessage(t, error) }));
            // Refused because someone else changed it: show their version.
            void queryClient.invalidateQueries({ queryKey: crmKeys.events(companyId) });
          },
        },
      );
    },
    [companyId, timeZone, mutate, queryClient, t, ask],
  );
  return { save, dialog: scope.dialog };
}
