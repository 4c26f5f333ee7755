import { describe, expect, it } from 'vitest';
import { followLatest } from './follow-latest.ts';

type Values = { title: string; reminders: string[]; location: string };

/** Just enough of a form: its current values, changed in place. */
function formWith(values: Values) {
  return {
    getValues: () => values,
    setValue: (field: keyof Values, value: never) => {
      values = { ...values, [field]: value };
    },
  };
}

describe('followLatest', () => {
  it('moves the untouched fields (lists too) to the newer version and keeps what was typed', () => {
    const before: Values = { title: 'Call', reminders: ['15'], location: '' };
    const after: Values = { title: 'Call Lena', reminders: ['15', '60'], location: 'Zagreb' };
    const form = formWith({ ...before, location: 'Split' });
    // The fake has only the two calls followLatest makes; react-hook-form's types want the whole API.
    followLatest(form as never, ['title', 'reminders', 'location'], before, after);
    expect(form.getValues()).toEqual({ title: 'Call Lena', reminders: ['15', '60'], location: 'Split' });
  });
});
