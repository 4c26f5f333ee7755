import type { CalendarOptions } from '@fullcalendar/react';

/**
 * The app's look of a FullCalendar's heading and toolbar (styled in calendar.css):
 * the CRM calendar and the posts calendar spread it into their options.
 */
export const CALENDAR_LOOK = {
  headingLevel: 2,
  toolbarClass: 'kt-fc-toolbar',
  toolbarSectionClass: 'kt-fc-toolbar-section',
  buttonGroupClass: 'kt-fc-button-group',
  buttonClass: (button) => `kt-fc-btn${button.isSelected ? ' kt-fc-btn-active' : ''}`,
} satisfies Partial<CalendarOptions>;
