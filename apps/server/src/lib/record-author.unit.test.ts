import { describe, expect, it } from 'vitest';
import { authorOfActor, systemAuthor } from './record-author.ts';

describe('record author', () => {
  it('names a signed-in person by id on the row, the timeline, the feed and the audit', () => {
    expect(authorOfActor({ companyId: 7, userId: 3 })).toEqual({
      companyId: 7,
      userId: 3,
      change: { kind: 'user', id: 3 },
      timeline: { author_id: 3, author_key_name: null },
      audit: { actorId: 3, actorKey: null },
    });
  });

  it('names an API key by its name, with no person stamped', () => {
    expect(authorOfActor({ companyId: 7, userId: null, apiKey: { id: 9, name: 'Shop' } })).toEqual({
      companyId: 7,
      userId: null,
      change: { kind: 'api_key', id: 9, name: 'Shop' },
      timeline: { author_id: null, author_key_name: 'Shop' },
      audit: { actorId: null, actorKey: { id: 9, name: 'Shop' } },
    });
  });

  it('names the system by the name it is given, everywhere it is recorded', () => {
    expect(systemAuthor(7, 'HubSpot connector #3')).toEqual({
      companyId: 7,
      userId: null,
      change: { kind: 'system', name: 'HubSpot connector #3' },
      timeline: { author_id: null, author_key_name: 'HubSpot connector #3' },
      audit: { actorId: null, actorKey: null },
      systemName: 'HubSpot connector #3',
    });
  });
});
