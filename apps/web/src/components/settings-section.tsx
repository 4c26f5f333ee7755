import { type ReactNode, useId } from 'react';

type SettingsSectionProps = {
  title: ReactNode;
  /** A short explanation under the title. */
  note?: ReactNode;
  id?: string;
  className?: string;
  children: ReactNode;
};

/** One titled card of a settings-like screen (profile, settings), labelled by its heading. */
export function SettingsSection({ title, note, id, className = '', children }: SettingsSectionProps) {
  const headingId = useId();
  return (
    <section className={`card kt-card ${className}`.trim()} aria-labelledby={headingId} id={id}>
      <div className="card-body">
        <h2 className={`h5 ${note ? 'mb-1' : 'mb-3'}`} id={headingId}>
          {title}
        </h2>
        {note && <p className="text-body-secondary small">{note}</p>}
        {children}
      </div>
    </section>
  );
}
