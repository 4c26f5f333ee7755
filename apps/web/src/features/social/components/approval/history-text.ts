import type { TFunction } from 'i18next';
import { codeText } from '../code-text.ts';

const APPROVAL_STEPS = new Set(['approval_requested', 'approved', 'changes_requested']);

/** A history line: the approval's steps (with the client's comment) in their own words, the rest as the posts module says them. */
export function historyText(
  t: TFunction,
  entry: { kind: string; detail: Record<string, unknown> | null },
): string {
  if (!APPROVAL_STEPS.has(entry.kind))
    return codeText(t, `social.history.${entry.kind}`, {}, 'social.history.other');
  const comment = typeof entry.detail?.comment === 'string' ? entry.detail.comment : '';
  return codeText(t, `socialApproval.history.${entry.kind}`, { comment });
}
