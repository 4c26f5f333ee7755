import { describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { admittedWrite, holdCompany, isHeld, waitForCustomers } from './company-hold.ts';

const outside = { isTransaction: false } as Database;
const inside = { isTransaction: true } as Database;
const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('a company held while an import finishes', () => {
  it('lets the writes admitted before it finish first, and holds later reads and writes until it ends', async () => {
    const order: string[] = [];
    let finishEarly = () => {};
    const early = admittedWrite(1, async () => {
      order.push('early write starts');
      await new Promise<void>((resolve) => {
        finishEarly = resolve;
      });
      order.push('early write ends');
    });
    await tick();
    let endHold = () => {};
    const held = holdCompany(1, async () => {
      order.push('hold works');
      // The hold's own reads and writes pass it.
      await waitForCustomers(outside, 1);
      await admittedWrite(1, async () => order.push('hold writes'));
      await new Promise<void>((resolve) => {
        endHold = resolve;
      });
    });
    await tick();
    expect(isHeld(1)).toBe(true);
    const read = waitForCustomers(outside, 1).then(() => order.push('read'));
    const later = admittedWrite(1, async () => order.push('later write'));
    const otherCompany = admittedWrite(2, async () => order.push('other company writes'));
    await otherCompany;
    await tick();
    expect(order).toEqual(['early write starts', 'other company writes']);

    finishEarly();
    await early;
    await tick();
    expect(order).toEqual([
      'early write starts',
      'other company writes',
      'early write ends',
      'hold works',
      'hold writes',
    ]);

    endHold();
    await Promise.all([held, read, later]);
    expect(order.slice(5).sort()).toEqual(['later write', 'read']);
    expect(isHeld(1)).toBe(false);
  });

  it('answers 503 to a read inside a transaction rather than wait for the connection it holds', async () => {
    let endHold = () => {};
    const held = holdCompany(3, () => new Promise<void>((resolve) => (endHold = resolve)));
    await tick();
    await expect(waitForCustomers(inside, 3)).rejects.toMatchObject({
      status: 503,
      code: 'import_finishing',
    });
    await expect(waitForCustomers(inside, 4)).resolves.toBeUndefined();
    endHold();
    await held;
    await expect(waitForCustomers(inside, 3)).resolves.toBeUndefined();
  });
});
