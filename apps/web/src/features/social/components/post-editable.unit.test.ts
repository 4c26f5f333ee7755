import type { SocialPost } from '@kontora/contract/social-posts';
import { describe, expect, it } from 'vitest';
import { editability } from './post-editable.ts';

type Target = SocialPost['targets'][number];
const target = (status: Target['status'], attempts = 0) => ({ status, attempts }) as Target;

describe('editability', () => {
  it('lets drafts and posts waiting for their time be edited', () => {
    expect(editability({ status: 'draft', targets: [target('draft')] })).toBe('editable');
    expect(editability({ status: 'scheduled', targets: [target('queued')] })).toBe('editable');
  });

  it('refuses a published post, even partly published', () => {
    expect(editability({ status: 'published', targets: [target('published', 1)] })).toBe('published');
    expect(
      editability({ status: 'partly_failed', targets: [target('published', 1), target('failed', 5)] }),
    ).toBe('published');
  });

  it('refuses a post being published or already tried', () => {
    expect(editability({ status: 'publishing', targets: [target('publishing', 1)] })).toBe('busy');
    expect(editability({ status: 'scheduled', targets: [target('queued', 1)] })).toBe('busy');
  });
});
