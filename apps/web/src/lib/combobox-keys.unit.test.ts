import type { KeyboardEvent } from 'react';
import { describe, expect, it } from 'vitest';
import { type ComboboxKeyTarget, onComboboxKey } from './combobox-keys.ts';

/** Presses a key on a combobox in a given state; answers what it did. */
function press(key: string, state: { open: boolean; count: number; active: number }) {
  const did: string[] = [];
  let prevented = false;
  let stopped = false;
  const event = {
    key,
    preventDefault: () => {
      prevented = true;
    },
    stopPropagation: () => {
      stopped = true;
    },
  } as unknown as KeyboardEvent<HTMLInputElement>;
  const target: ComboboxKeyTarget = {
    ...state,
    setActive: (i) => did.push(`active ${i}`),
    openList: () => did.push('open'),
    choose: () => did.push('choose'),
    close: () => did.push('close'),
  };
  onComboboxKey(event, target);
  return { did, prevented, stopped };
}

describe('the keys of a combobox', () => {
  it('Down opens a closed list (on its first or chosen option), then moves down and stops at the last', () => {
    expect(press('ArrowDown', { open: false, count: 5, active: 0 }).did).toEqual(['open']);
    expect(press('ArrowDown', { open: true, count: 5, active: 0 }).did).toEqual(['active 1']);
    expect(press('ArrowDown', { open: true, count: 5, active: 4 }).did).toEqual(['active 4']);
    expect(press('ArrowDown', { open: true, count: 0, active: 0 }).did).toEqual(['active 0']);
  });

  it('Up moves up in an open list and stops at the first; on a closed list it does nothing', () => {
    expect(press('ArrowUp', { open: true, count: 5, active: 2 }).did).toEqual(['active 1']);
    expect(press('ArrowUp', { open: true, count: 5, active: 0 }).did).toEqual(['active 0']);
    expect(press('ArrowUp', { open: false, count: 5, active: 2 }).did).toEqual([]);
  });

  it('Enter takes the option instead of sending the form, even with no match; on a closed list the form is sent', () => {
    expect(press('Enter', { open: true, count: 3, active: 1 })).toMatchObject({
      did: ['choose'],
      prevented: true,
    });
    expect(press('Enter', { open: true, count: 0, active: 0 })).toMatchObject({ did: [], prevented: true });
    expect(press('Enter', { open: false, count: 3, active: 0 })).toMatchObject({ did: [], prevented: false });
  });

  it('Escape closes the list without reaching the dialog around it; with the list closed it is the dialog’s', () => {
    expect(press('Escape', { open: true, count: 3, active: 0 })).toEqual({
      did: ['close'],
      prevented: true,
      stopped: true,
    });
    expect(press('Escape', { open: false, count: 3, active: 0 })).toEqual({
      did: [],
      prevented: false,
      stopped: false,
    });
  });
});
