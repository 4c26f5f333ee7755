import { useTranslation } from 'react-i18next';
import { Modal } from '../../../../components/modal.tsx';

type ColumnsDialogProps<C extends string> = {
  open: boolean;
  onClose: () => void;
  /** The shown columns, in order. */
  value: readonly C[];
  onChange: (columns: C[]) => void;
  /** Every column the list can show: the built-in ones, then the company's own fields. */
  available: readonly C[];
  /** A column's name; undefined: the list cannot show it (a field no longer in use), left out. */
  labelOf: (column: C) => string | undefined;
  /** What "default columns" brings back. */
  defaults: readonly C[];
};

/**
 * Show, hide and order a list's columns (the customer and deal lists): shown ones first in
 * their order (each with up/down), hidden ones after. Every change applies at once.
 */
export function ColumnsDialog<C extends string>({
  open,
  onClose,
  value,
  onChange,
  available,
  labelOf,
  defaults,
}: ColumnsDialogProps<C>) {
  const { t } = useTranslation();
  const hidden = available.filter((column) => !value.includes(column));
  const move = (index: number, by: -1 | 1) => {
    const next = [...value];
    const [column] = next.splice(index, 1);
    if (column) next.splice(index + by, 0, column);
    onChange(next);
  };
  return (
    <Modal open={open} onClose={onClose} title={t('views.columnsTitle')}>
      <div className="modal-body">
        <p className="text-body-secondary small">{t('views.columnsHint')}</p>
        <ul className="list-group" aria-label={t('views.columnsTitle')}>
          {[...value, ...hidden].map((column) => {
            const label = labelOf(column);
            if (label === undefined) return null;
            const index = value.indexOf(column);
            const shown = index >= 0;
            return (
              <li key={column} className="list-group-item d-flex align-items-center gap-2">
                <div className="form-check flex-grow-1 mb-0">
                  <input
                    className="form-check-input"
                    type="checkbox"
                    id={`column-${column.replace('.', '-')}`}
                    checked={shown}
                    onChange={(event) =>
                      onChange(event.target.checked ? [...value, column] : value.filter((c) => c !== column))
                    }
                  />
                  <label className="form-check-label" htmlFor={`column-${column.replace('.', '-')}`}>
                    {label}
                  </label>
                </div>
                {shown && (
                  <>
                    <button
                      type="button"
                      className="btn btn-sm btn-outline-secondary"
                      aria-label={t('views.moveUp', { column: label })}
                      disabled={index === 0}
                      onClick={() => move(index, -1)}
                    >
                      ↑
                    </button>
                    <button
                      type="button"
                      className="btn btn-sm btn-outline-secondary"
                      aria-label={t('views.moveDown', { column: label })}
                      disabled={index === value.length - 1}
                      onClick={() => move(index, 1)}
                    >
                      ↓
                    </button>
                  </>
                )}
              </li>
            );
          })}
        </ul>
      </div>
      <div className="modal-footer">
        <button type="button" className="btn btn-outline-secondary" onClick={() => onChange([...defaults])}>
          {t('views.defaultColumns')}
        </button>
        <button type="button" className="btn btn-primary" onClick={onClose}>
          {t('views.done')}
        </button>
      </div>
    </Modal>
  );
}
