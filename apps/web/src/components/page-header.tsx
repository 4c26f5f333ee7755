import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppConfig } from '../lib/api/get-app-config.ts';

/** Sets the document title ("Page · Product") from the page heading. */
export function useDocumentTitle(title: string): void {
  const { t } = useTranslation();
  const config = useAppConfig();
  const product = config.data?.app_name || t('app.name');
  useEffect(() => {
    document.title = title ? `${title} · ${product}` : product;
  }, [title, product]);
}

export function PageHeader({ title, children }: { title: string; children?: ReactNode }) {
  useDocumentTitle(title);
  return (
    <div className="kt-page-title d-flex flex-wrap align-items-center justify-content-between gap-2 mb-4">
      {/* A long unbroken word (a deal or company name) wraps instead of widening a phone page. */}
      <h1 className="h4 mb-0 text-break">{title}</h1>
      {children}
    </div>
  );
}
