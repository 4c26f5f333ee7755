import type { EventType } from '@kontora/contract/events';

/**
 * One colour per to-do type, used by the calendar, the to-do list and the
 * legend. Each carries white text at a contrast of at least 4.5:1 (WCAG AA).
 */
export const EVENT_TYPE_COLORS: Record<EventType, string> = {
  task: '#0b5ed7',
  call: '#146c43',
  meeting: '#6f42c1',
  email: '#9a4d00',
  deadline: '#b02a37',
};
