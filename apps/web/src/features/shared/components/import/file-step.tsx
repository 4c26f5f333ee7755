import { type CSSProperties, type DragEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../../components/icon.tsx';
import { formatFileSize } from '../../../../lib/format.ts';
import { useImportKind } from './import-kind.ts';

/** Bootstrap's `.border` sets its style with !important; its variable is the way in. */
const DASHED = { '--bs-border-style': 'dashed' } as CSSProperties;

/**
 * Step 1: the file, chosen with the file input or dropped on it. A file over
 * the API's limit is refused here, before a single byte is sent.
 */
export function FileStep({
  file,
  error,
  onFile,
}: {
  file: File | null;
  /** Already translated: why the last chosen file cannot be used. */
  error: string | null;
  onFile: (file: File) => void;
}) {
  const { t, i18n } = useTranslation();
  const kind = useImportKind();
  const id = useId();
  const [dragging, setDragging] = useState(false);
  const language = i18n.resolvedLanguage ?? i18n.language;

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    const dropped = event.dataTransfer.files[0];
    if (dropped) onFile(dropped);
  };

  return (
    <div>
      <p>{kind.fileIntro(t)}</p>
      {/* The whole area takes a dropped file; the input inside stays the accessible way to choose one. */}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: dropping is a mouse shortcut; the input is the accessible way */}
      <div
        className={`border border-2 rounded p-4 text-center${dragging ? ' border-primary bg-primary-subtle' : ''}`}
        style={DASHED}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <Icon name="box" size={28} />
        <div className="mt-2 mx-auto" style={{ maxWidth: '28rem' }}>
          <label htmlFor={id} className="form-label">
            {t('crm.import.fileLabel')}
          </label>
          <input
            id={id}
            type="file"
            accept=".csv,.txt,text/csv"
            className={`form-control${error ? ' is-invalid' : ''}`}
            aria-invalid={error ? true : undefined}
            aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
            onChange={(event) => {
              const chosen = event.target.files?.[0];
              if (chosen) onFile(chosen);
            }}
          />
          {error && (
            <div id={`${id}-error`} className="invalid-feedback" role="alert">
              {error}
            </div>
          )}
          <div id={`${id}-hint`} className="form-text">
            {t('crm.import.fileHint', { max: formatFileSize(kind.maxBytes, language) })}
          </div>
        </div>
      </div>
      {file && (
        <p className="mt-3 mb-0" role="status">
          {t('crm.import.chosenFile', { name: file.name, size: formatFileSize(file.size, language) })}
        </p>
      )}
    </div>
  );
}
