import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** 16 characters shown in groups of four, as they are easier to copy by hand. */
const grouped = (code: string) => code.replace(/(.{4})(?!$)/g, '$1-');

/**
 * Recovery codes, shown once (the server keeps only hashes): copy, download,
 * and a clear "saved" step before the panel goes away.
 */
export function RecoveryCodesPanel({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const text = `${codes.map(grouped).join('\n')}\n`;
  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  const copy = async () => {
    await navigator.clipboard.writeText(text);
    setCopied(true);
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(url);
  };

  return (
    <div>
      <h3 className="h6" tabIndex={-1} ref={headingRef}>
        {t('profile.twoFactor.codesTitle')}
      </h3>
      <p className="small">{t('profile.twoFactor.codesNote')}</p>
      <ol
        className="kt-recovery-codes font-monospace row row-cols-2 g-1 ps-4 mb-3"
        aria-label={t('profile.twoFactor.codesTitle')}
      >
        {codes.map((code) => (
          <li key={code} className="col">
            {grouped(code)}
          </li>
        ))}
      </ol>
      <div className="d-flex flex-wrap gap-2">
        <button type="button" className="btn btn-outline-secondary btn-sm" onClick={copy}>
          {copied ? t('profile.twoFactor.copied') : t('profile.twoFactor.copy')}
        </button>
        <button type="button" className="btn btn-outline-secondary btn-sm" onClick={download}>
          {t('profile.twoFactor.download')}
        </button>
        <button type="button" className="btn btn-primary btn-sm" onClick={onDone}>
          {t('profile.twoFactor.saved')}
        </button>
      </div>
      <span className="visually-hidden" role="status">
        {copied ? t('profile.twoFactor.copied') : ''}
      </span>
    </div>
  );
}
