import { describe, expect, it } from 'vitest';
import { appLinksIn } from '../test-support/smtp-capture.ts';
import { renderReminderMail } from './reminder-templates.ts';

describe('a to-do reminder mail', () => {
  it("links to the calendar on the to-do's day in its company's zone, naming the company", () => {
    const mail = renderReminderMail('en', {
      to: 'ana@example.com',
      appUrl: 'https://crm.example.com',
      companyId: 7,
      title: 'Call Ivo',
      company: 'Acme',
      // 23:30 UTC on 4 June is already 5 June in Zagreb.
      startAt: '2030-06-04T23:30:00.000Z',
      allDay: false,
      timeZone: 'Europe/Zagreb',
    });
    const link = 'https://crm.example.com/#/company/calendar?date=2030-06-05&company=7';
    expect(mail.text).toContain(link);
    expect(mail.html).toContain(`href="${link.replace('&', '&amp;')}"`);
    expect(appLinksIn(mail.text)).toEqual(['#/company/calendar?date=2030-06-05&company=7']);
  });
});
