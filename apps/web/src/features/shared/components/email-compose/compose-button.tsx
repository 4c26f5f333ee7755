import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ComposeTarget } from './email-compose-dialog.tsx';
import { LazyEmailComposeDialog } from './lazy-email-compose-dialog.ts';

/** An "Email" button that opens the compose dialog for its target. */
export function ComposeButton({
  companyId,
  target,
  className,
  dealId,
}: {
  companyId: number;
  target: ComposeTarget;
  className: string;
  dealId?: number;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={className} onClick={() => setOpen(true)}>
        {t('crm.emailCompose.open')}
      </button>
      <LazyEmailComposeDialog
        open={open}
        onClose={() => setOpen(false)}
        companyId={companyId}
        target={target}
        {...(dealId ? { dealId } : {})}
      />
    </>
  );
}
