import { DEAL_LIMITS } from '@kontora/contract/deal-values';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/modal.tsx';
import { useCompanyId } from '../../../lib/use-company-id.ts';
import { useLostReasons } from '../../shared/api/get-lost-reasons.ts';

const OTHER = '__other__';

/** Asked when a card is dropped into the lost stage: one of the company's reasons, or one's own words. */
export function LostReasonDialog({
  open,
  dealTitle,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  dealTitle: string;
  onConfirm: (reason: string | undefined) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal open={open} onClose={onCancel} title={t('deals.lost.title', { title: dealTitle })}>
      {open && <LostReasonForm onConfirm={onConfirm} onCancel={onCancel} />}
    </Modal>
  );
}

function LostReasonForm({
  onConfirm,
  onCancel,
}: {
  onConfirm: (reason: string | undefined) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const reasons = useLostReasons(useCompanyId());
  const items = reasons.data?.items ?? [];
  const [choice, setChoice] = useState('');
  const [text, setText] = useState('');
  const own = choice === OTHER || items.length === 0;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const reason = own ? text.trim() : choice;
    onConfirm(reason || undefined);
  };
  return (
    <form onSubmit={submit}>
      <div className="modal-body">
        {items.length > 0 && (
          <div className="mb-3">
            <label className="form-label" htmlFor={`${id}-reason`}>
              {t('deals.lost.reason')}
            </label>
            <select
              id={`${id}-reason`}
              className="form-select"
              value={choice}
              onChange={(event) => setChoice(event.target.value)}
            >
              <option value="">{t('deals.lost.none')}</option>
              {items.map((reason) => (
                <option key={reason} value={reason}>
                  {reason}
                </option>
              ))}
              <option value={OTHER}>{t('deals.lost.other')}</option>
            </select>
          </div>
        )}
        {own && (
          <div className="mb-3">
            <label className="form-label" htmlFor={`${id}-text`}>
              {t('deals.lost.ownWords')}
            </label>
            <input
              id={`${id}-text`}
              className="form-control"
              maxLength={DEAL_LIMITS.lostReasonMax}
              value={text}
              onChange={(event) => setText(event.target.value)}
            />
          </div>
        )}
      </div>
      <div className="modal-footer">
        <button type="button" className="btn btn-outline-secondary" onClick={onCancel}>
          {t('deals.common.cancel')}
        </button>
        <button type="submit" className="btn btn-danger">
          {t('deals.lost.confirm')}
        </button>
      </div>
    </form>
  );
}
