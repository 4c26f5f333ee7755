import { useTranslation } from 'react-i18next';
import './combobox-list.css';

export type ComboboxOption = { id: number; name: string; detail?: string | null };

type ComboboxListProps = {
  /** The listbox's id, which the combobox input names in aria-controls; each option's id starts with it. */
  id: string;
  label: string;
  open: boolean;
  options: readonly ComboboxOption[];
  /** Index of the option the arrow keys are on. */
  active: number;
  busy: boolean;
  /** Said when a finished search found nothing. */
  emptyText: string;
  onChoose: (option: ComboboxOption) => void;
};

/**
 * The matches under a search combobox, floating over what follows. A mouse
 * press chooses without taking the focus from the input (so its blur does not
 * close the list first); the keyboard stays in the input (aria-activedescendant).
 */
export function ComboboxList({
  id,
  label,
  open,
  options,
  active,
  busy,
  emptyText,
  onChoose,
}: ComboboxListProps) {
  const { t } = useTranslation();
  return (
    <div
      id={id}
      role="listbox"
      aria-label={label}
      className={`list-group position-absolute w-100 shadow-sm kt-picker-list${open ? '' : ' d-none'}`}
    >
      {open && options.length === 0 && (
        <div className="list-group-item text-body-secondary">{busy ? t('common.loading') : emptyText}</div>
      )}
      {open &&
        options.map((option, index) => (
          <div
            key={option.id}
            id={`${id}-${option.id}`}
            role="option"
            tabIndex={-1}
            aria-selected={index === active}
            className={`list-group-item list-group-item-action${index === active ? ' active' : ''}`}
            onMouseDown={(event) => {
              event.preventDefault();
              onChoose(option);
            }}
            onKeyDown={() => {}}
          >
            <div className="fw-semibold">{option.name}</div>
            {option.detail && <div className="small">{option.detail}</div>}
          </div>
        ))}
    </div>
  );
}
