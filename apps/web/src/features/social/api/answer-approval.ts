import type { ApprovalOutcome } from '@kontora/contract/social-approval';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { approvalPath } from './get-approval.ts';

export type ApprovalAnswer = { kind: 'approve' } | { kind: 'request-changes'; comment: string };

export function answerApproval(token: string, answer: ApprovalAnswer): Promise<ApprovalOutcome> {
  return answer.kind === 'approve'
    ? api.post(`${approvalPath(token)}/approve`)
    : api.post(`${approvalPath(token)}/request-changes`, { comment: answer.comment });
}

/** The client's answer through the link: approve, or ask for changes with a comment. */
export function useAnswerApproval(token: string) {
  return useMutation({ mutationFn: (answer: ApprovalAnswer) => answerApproval(token, answer) });
}
