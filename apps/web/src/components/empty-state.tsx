import type { ReactNode } from 'react';
import { Icon, type IconName } from './icon.tsx';

export function EmptyState({
  icon,
  title,
  children,
  actions,
}: {
  icon: IconName;
  /** Left out where the page's own heading already says it (status pages). */
  title?: string;
  children?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <section className="card kt-card">
      <div className="card-body text-center py-5 px-3">
        <div className="kt-empty-icon mx-auto mb-3">
          <Icon name={icon} size={28} />
        </div>
        {title && <h2 className="h5">{title}</h2>}
        {children && <div className="text-body-secondary mx-auto kt-measure">{children}</div>}
        {actions && <div className="mt-4 d-flex justify-content-center flex-wrap gap-2">{actions}</div>}
      </div>
    </section>
  );
}
