import { describe, expect, it } from 'vitest';
import { connectorSuite } from '../../test-support/connector-kit.ts';
import { startHubspotStandin } from '../../test-support/connector-standins/hubspot.ts';
import { pushTestHooks } from './connector-push-records.ts';

const suite = connectorSuite(() => {
  pushTestHooks.afterRemoteWrite = undefined;
});
const { company } = suite;

async function hubspot(seed = 0) {
  const s = await startHubspotStandin();
  suite.standins.push(s);
  s.seedContacts(seed);
  return s;
}

describe('customers that were here before the connection', () => {
  it('are pushed once the first import is done, in batches, and linked', async () => {
    const acme = await company('Before');
    await suite.kit.createPeople(acme, 120);
    const org = await suite.kit.createCustomer(acme, { type: 'organisation', name: 'Kontora d.o.o.' });
    const remote = await hubspot(3);
    const id = await suite.kit.connect(acme, 'hubspot', remote);

    const connector = await suite.kit.connectorOf(acme, id);
    expect(connector.last_error).toBeNull();
    expect(connector).toMatchObject({ state: 'idle', linked: 124, counts: { created: 3 + 121, failed: 0 } });
    expect(remote.all('contacts')).toHaveLength(123);
    expect(remote.all('companies').map((c) => c.properties.name)).toEqual(['Kontora d.o.o.']);
    expect(remote.state.batchSizes).toEqual([100, 20, 1]);
    const links = await suite.kit.linksOf(acme);
    expect(links.every((l) => l.pending_since === null)).toBe(true);
    expect(links.find((l) => l.customer_id === org)?.remote_type).toBe('company');
    // Nothing is pushed twice: the next run finds every customer linked with its content.
    await suite.kit.syncNow(acme, id);
    expect(remote.state.batchSizes).toEqual([100, 20, 1]);
    expect(await suite.kit.customersOf(acme)).toHaveLength(124);
  }, 120_000);

  it('the same person on both sides is linked by email, not imported twice, and the newer values win', async () => {
    const acme = await company('Same people');
    await suite.kit.createPeople(acme, 2);
    const remote = await hubspot();
    // local1 is in HubSpot too (its email in other case, edited there later); a third contact is new.
    remote.put('contacts', {
      firstname: 'Remote',
      lastname: 'One',
      email: 'LOCAL1@example.com',
      phone: '+385 1 234 5678',
    });
    remote.put('contacts', { firstname: 'Contact', lastname: 'New', email: 'new@example.com' });
    const id = await suite.kit.connect(acme, 'hubspot', remote);

    const customers = await suite.kit.customersOf(acme);
    expect(customers.map((c) => c.email).sort()).toEqual([
      'local1@example.com',
      'local2@example.com',
      'new@example.com',
    ]);
    const local1 = customers.find((c) => c.email === 'local1@example.com');
    expect(local1).toMatchObject({ first_name: 'Remote', last_name: 'One' });
    // HubSpot holds each person once: local2 was pushed, local1 was not created again.
    const emails = remote.all('contacts').map((c) => String(c.properties.email).toLowerCase());
    expect(emails.sort()).toEqual(['local1@example.com', 'local2@example.com', 'new@example.com']);
    const links = await suite.kit.linksOf(acme);
    expect(links).toHaveLength(3);
    expect(await suite.kit.logOf(acme, id, 'matched')).toHaveLength(1);
    expect(await suite.kit.logOf(acme, id, 'record_failed')).toEqual([]);
  }, 120_000);

  it('a crash after the remote create resumes without a duplicate: the record is found and linked', async () => {
    const acme = await company('Crash after create');
    await suite.kit.createPeople(acme, 120);
    const remote = await hubspot();
    let writes = 0;
    pushTestHooks.afterRemoteWrite = () => {
      // The second batch was created remotely; the process dies before its links are saved.
      if (++writes === 2) throw new Error('process died after the remote create');
    };
    const id = await suite.kit.connect(acme, 'hubspot', remote);
    await suite.kit.settled(acme, id);
    expect(writes).toBeGreaterThanOrEqual(2);

    const contacts = remote.all('contacts');
    expect(contacts).toHaveLength(120);
    expect(new Set(contacts.map((c) => c.properties.email)).size).toBe(120);
    // Two creates only: the retry looked the 20 up (search by email) instead of creating them again.
    expect(remote.state.batchSizes).toEqual([100, 20]);
    const links = await suite.kit.linksOf(acme);
    expect(links).toHaveLength(120);
    expect(links.filter((l) => l.pending_since !== null)).toEqual([]);
    expect(new Set(links.map((l) => l.remote_id)).size).toBe(120);
    expect(await suite.kit.logOf(acme, id, 'resolved')).toHaveLength(20);
  }, 120_000);

  it('a create that did not happen before the crash is made on the retry, once', async () => {
    const acme = await company('Crash before create');
    await suite.kit.createPeople(acme, 3);
    const remote = await hubspot();
    // The create never reached HubSpot (a 500 answered before any work): the intent is left pending.
    remote.failNext('POST', /\/batch\/create$/, { status: 500, json: { message: 'down' } });
    const id = await suite.kit.connect(acme, 'hubspot', remote);
    expect(remote.all('contacts')).toHaveLength(0);
    expect((await suite.kit.linksOf(acme)).filter((l) => l.pending_since !== null)).toHaveLength(3);
    // The next run looks each one up, finds none, and creates them.
    await suite.kit.syncNow(acme, id);
    expect(remote.all('contacts')).toHaveLength(3);
    expect(remote.state.batchSizes).toEqual([3]);
    expect((await suite.kit.linksOf(acme)).filter((l) => l.pending_since === null)).toHaveLength(3);
  }, 120_000);
});

describe('merges and deletions here', () => {
  it('deletes the merged-away customer remotely, keeps the survivor linked; undo creates it again', async () => {
    const acme = await company('Merge');
    const remote = await hubspot(3);
    const id = await suite.kit.connect(acme, 'hubspot', remote);
    const [a, b, c] = await suite.kit.customersOf(acme);
    const linkOf = async (customerId: number) =>
      (await suite.kit.linksOf(acme)).find((l) => l.customer_id === customerId);
    const remoteA = (await linkOf(a?.id as number))?.remote_id as string;
    const remoteB = (await linkOf(b?.id as number))?.remote_id as string;
    const remoteC = (await linkOf(c?.id as number))?.remote_id as string;

    const merged = await suite.t.call(suite.ana, {
      method: 'POST',
      url: `/api/companies/${acme}/customers/merge`,
      payload: {
        survivor_id: a?.id,
        merged_ids: [b?.id],
        fields: { email: b?.id },
        versions: { [String(a?.id)]: a?.version, [String(b?.id)]: b?.version },
      },
    });
    expect(merged.statusCode, merged.body).toBe(200);
    const deleted = await suite.t.call(suite.ana, {
      method: 'DELETE',
      url: `/api/companies/${acme}/customers/${c?.id}`,
    });
    expect(deleted.statusCode).toBe(204);
    await suite.kit.syncNow(acme, id);

    expect(remote.get('contacts', remoteB)?.archived).toBe(true);
    expect(remote.get('contacts', remoteC)?.archived).toBe(true);
    expect(remote.get('contacts', remoteA)).toMatchObject({
      archived: false,
      properties: { email: b?.email },
    });
    const links = await suite.kit.linksOf(acme);
    expect(links.map((l) => [l.customer_id, l.remote_id])).toEqual([[a?.id, remoteA]]);

    const undo = await suite.t.call(suite.ana, {
      method: 'POST',
      url: `/api/companies/${acme}/customers/merges/${merged.json().data.merge_id}/undo`,
    });
    expect(undo.statusCode, undo.body).toBe(200);
    await suite.kit.syncNow(acme, id);
    const restored = await linkOf(b?.id as number);
    expect(restored?.remote_id).not.toBe(remoteB);
    expect(remote.get('contacts', restored?.remote_id as string)?.properties.email).toBe(b?.email);
    expect(remote.get('contacts', remoteA)?.properties.email).toBe(a?.email);
    expect(remote.all('contacts')).toHaveLength(2);
  }, 120_000);
});
