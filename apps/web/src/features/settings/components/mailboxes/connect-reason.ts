import type { TFunction } from 'i18next';
import { translateCode } from '../../../../lib/translate.ts';

/** Why a mail server refused, in words (`details.imap` of a 400, `last_error` of a failing mailbox). */
export const connectReason = (t: TFunction, code: string | null) =>
  translateCode(t, 'mailboxes.connectErrors', code ?? 'unreachable', 'mailboxes.connectErrors.unreachable');
