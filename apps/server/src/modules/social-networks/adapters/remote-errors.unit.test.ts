import { describe, expect, it } from 'vitest';
import { errorOf, failedPostCode, graphErrorOf } from './remote-errors.ts';

const of = (status: number, json: unknown) => {
  const e = errorOf(status, json, null);
  return { kind: e.kind, code: e.code, status: e.status };
};

describe('a network refusal in our codes', () => {
  it('sorts the documented identifiers', () => {
    expect(of(400, { error: 'invalid_grant', error_description: 'gone' }).code).toBe('auth_expired');
    expect(of(401, { code: 'INVALID_ACCESS_TOKEN' }).code).toBe('auth_expired');
    expect(of(403, { error: { errors: [{ reason: 'quotaExceeded' }] } })).toEqual({
      kind: 'transient',
      code: 'rate_limited',
      status: 403,
    });
    expect(of(400, { error: { errors: [{ reason: 'uploadLimitExceeded' }] } }).code).toBe('posting_limit');
    expect(of(400, { error: { code: 'spam_risk_too_many_posts', message: 'cap' } }).code).toBe(
      'posting_limit',
    );
    expect(of(400, { error: { code: 'privacy_level_option_mismatch' } }).code).toBe(
      'privacy_level_unavailable',
    );
    expect(of(429, {})).toEqual({ kind: 'transient', code: 'rate_limited', status: 429 });
    expect(of(503, null)).toEqual({ kind: 'transient', code: 'network_unavailable', status: 503 });
  });

  it('reads X’s and LinkedIn’s words only to tell a duplicate, an over-long text or a medium', () => {
    expect(of(403, { detail: 'You are not allowed to create a Tweet with duplicate content.' }).code).toBe(
      'duplicate_post',
    );
    expect(of(403, { detail: 'You are not permitted to perform this action.' }).code).toBe(
      'permission_denied',
    );
    expect(of(422, { message: 'Content is a duplicate of urn:li:share:1' }).code).toBe('duplicate_post');
    expect(of(400, { detail: 'Your Tweet text is too long.' }).code).toBe('text_too_long');
    expect(of(400, { detail: 'Your media IDs are invalid.' }).code).toBe('media_rejected');
    // Google names its reason: a title with "video" in its words is not a refused medium.
    expect(
      of(400, { error: { message: 'An invalid video title.', errors: [{ reason: 'invalidTitle' }] } }).code,
    ).toBe('rejected');
    expect(of(400, null).code).toBe('unknown_answer');
  });

  it('keeps none of the network’s words in the message', () => {
    const e = errorOf(400, { detail: 'secret words of the network' }, null);
    expect(e.message).not.toContain('secret');
    expect(e.message).toContain('400');
  });

  it('sorts Graph codes and the networks’ reasons of a failed post', () => {
    expect(graphErrorOf(400, { code: 190 }).code).toBe('auth_expired');
    expect(graphErrorOf(400, { code: 506 }).code).toBe('duplicate_post');
    expect(graphErrorOf(400, { code: 36003 }).code).toBe('media_rejected');
    expect(graphErrorOf(400, { code: 9, error_subcode: 2207042 }).code).toBe('posting_limit');
    expect(graphErrorOf(400, { code: 4 }).kind).toBe('transient');
    expect(graphErrorOf(400, { code: 100 }).code).toBe('rejected');
    expect(failedPostCode('duplicate')).toBe('duplicate_post');
    expect(failedPostCode('file_format_check_failed')).toBe('media_rejected');
    expect(failedPostCode('codec')).toBe('media_rejected');
    expect(failedPostCode(undefined)).toBe('rejected');
  });
});
