import type { OutgoingEmail } from '@kontora/contract/email-sending';
import type { TFunction } from 'i18next';
import { isApiError } from '../../../../lib/api-client.ts';
import { notify } from '../../../../lib/notifications.ts';
import { cancelEmail } from './compose-api.ts';

const UNDO_MS = 10_000;

/**
 * After a send: a toast with Undo for as long as the messages wait (10 s), which cancels
 * them; a scheduled send is only confirmed (it can be cancelled until it goes).
 */
export function offerUndo(t: TFunction, companyId: number, items: OutgoingEmail[], scheduled: boolean): void {
  if (scheduled) {
    notify('success', t('crm.emailCompose.scheduled'));
    return;
  }
  const undo = async () => {
    const results = await Promise.allSettled(items.map((item) => cancelEmail(companyId, item.id)));
    const late = results.some(
      (r) => r.status === 'rejected' && isApiError(r.reason) && r.reason.status === 409,
    );
    const failed = results.some((r) => r.status === 'rejected');
    if (late) notify('danger', t('crm.emailCompose.tooLate'));
    else if (failed) notify('danger', t('crm.emailCompose.undoFailed'));
    else notify('success', t('crm.emailCompose.undone'));
  };
  notify('info', t('crm.emailCompose.sending'), UNDO_MS - 1_000, {
    label: t('crm.emailCompose.undo'),
    run: () => void undo(),
  });
}
