import { useTranslation } from 'react-i18next';

/** How to call the public API with a key, and where its reference lives. */
export function PublicApiNote() {
  const { t } = useTranslation();
  return (
    <section className="card kt-card mt-4">
      <div className="card-body">
        <h2 className="h6">{t('apiKeys.publicApi.title')}</h2>
        <p className="mb-2">{t('apiKeys.publicApi.text')}</p>
        <pre className="bg-body-tertiary p-2 rounded small mb-2">
          <code>Authorization: Bearer kon_…</code>
        </pre>
        <a href="/api/docs" target="_blank" rel="noreferrer">
          {t('apiKeys.publicApi.docs')}
        </a>
      </div>
    </section>
  );
}
