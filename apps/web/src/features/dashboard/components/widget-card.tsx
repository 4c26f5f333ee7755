import { type ReactNode, useId } from 'react';
import { Icon, type IconName } from '../../../components/icon.tsx';

/** One module's widget on the company dashboard: a region named by its heading. */
export function WidgetCard({
  icon,
  title,
  children,
  footer,
}: {
  icon: IconName;
  title: string;
  children: ReactNode;
  footer?: ReactNode;
}) {
  const headingId = useId();
  return (
    <section className="card kt-card h-100" aria-labelledby={headingId}>
      <div className="card-body d-flex flex-column">
        <div className="d-flex align-items-center gap-3 mb-3">
          <span className="kt-empty-icon" aria-hidden="true">
            <Icon name={icon} />
          </span>
          <h2 id={headingId} className="h6 mb-0">
            {title}
          </h2>
        </div>
        <div className="flex-grow-1">{children}</div>
        {footer && <div className="d-flex flex-wrap gap-2 mt-3">{footer}</div>}
      </div>
    </section>
  );
}
