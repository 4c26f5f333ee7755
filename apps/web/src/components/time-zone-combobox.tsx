import { type KeyboardEvent, useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { onComboboxKey } from '../lib/combobox-keys.ts';
import { groupZones, utcOffset, type ZoneOption, type ZoneRegion, zoneOptions } from '../lib/time-zones.ts';
import { FormField } from './form-field.tsx';
import './time-zone-combobox.css';

/** The options with their offsets, kept for the hour: every picker on the page shares them. */
let cache: { zones: readonly string[]; hour: number; options: ZoneOption[] } | undefined;
function cachedOptions(zones: readonly string[]): ZoneOption[] {
  const hour = Math.floor(Date.now() / 3_600_000);
  if (cache?.zones !== zones || cache.hour !== hour)
    cache = { zones, hour, options: zoneOptions(zones, new Date()) };
  return cache.options;
}

type TimeZoneComboboxProps = {
  label: string;
  /** IANA names the server accepts (`/application-helpers`). */
  zones: readonly string[];
  value: string;
  onChange: (zone: string) => void;
  onBlur?: () => void;
  /** Already translated error text. */
  error?: string | undefined;
  className?: string;
  name?: string;
};

/**
 * A time zone picked by typing part of a city or region ("zag" finds Europe/Zagreb) or
 * by walking the list with the arrow keys: the ARIA 1.2 editable combobox with a listbox
 * grouped by region, each zone with today's offset from UTC. A stored zone the list does
 * not know still shows as itself. Offsets are worked out when the list is first used,
 * not on render: one Intl formatter per zone costs about a millisecond each.
 */
export function TimeZoneCombobox({
  label,
  zones,
  value,
  onChange,
  onBlur,
  error,
  className,
  name,
}: TimeZoneComboboxProps) {
  const { t } = useTranslation();
  const id = useId();
  const listId = `${id}-list`;
  /** What the person typed; null while the field shows the chosen zone. */
  const [text, setText] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  /** The highlighted option; 'current' is the chosen zone (or the first) until the arrows move. */
  const [activeAt, setActive] = useState<number | 'current'>('current');
  const [used, setUsed] = useState(false);

  const options = useMemo(() => (used ? cachedOptions(zones) : []), [used, zones]);
  const regionLabel = (region: ZoneRegion) => t(`uxSettings.zone.regions.${region}`);
  const groups = open ? groupZones(options, text ?? '', regionLabel) : [];
  const flat = groups.flatMap((group) => group.options);
  const showList = open && flat.length > 0;
  const active =
    activeAt === 'current'
      ? Math.max(
          0,
          flat.findIndex((option) => option.value === value),
        )
      : activeAt;
  const optionId = (option: ZoneOption) => `${listId}-${option.value.replace(/[^\w-]/g, '_')}`;
  const activeOption = showList ? flat[active] : undefined;

  useEffect(() => {
    if (activeOption) document.getElementById(optionId(activeOption))?.scrollIntoView({ block: 'nearest' });
  });

  const shown = useMemo(
    () => (value ? `${value.replaceAll('_', ' ')} (${utcOffset(value, new Date())})` : ''),
    [value],
  );
  const openList = () => {
    setUsed(true);
    setOpen(true);
    setActive('current');
  };
  const close = () => {
    setOpen(false);
    setText(null);
  };
  const choose = (option: ZoneOption | undefined) => {
    if (!option) return;
    onChange(option.value);
    close();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) =>
    onComboboxKey(event, {
      // Typed text with the list closed (no match) still closes on Escape, back to the chosen zone.
      open: open || text !== null,
      count: flat.length,
      active,
      setActive,
      openList,
      choose: () => choose(activeOption),
      close,
    });

  return (
    <FormField
      label={label}
      error={error}
      hint={t('uxSettings.zone.hint')}
      className={className}
      controlClass="form-control"
    >
      {(control) => (
        <div className="kt-zone-picker">
          <input
            {...control}
            name={name}
            type="text"
            role="combobox"
            autoComplete="off"
            spellCheck={false}
            aria-autocomplete="list"
            aria-expanded={showList}
            aria-controls={listId}
            aria-activedescendant={activeOption ? optionId(activeOption) : undefined}
            placeholder={t('uxSettings.zone.placeholder')}
            value={text ?? shown}
            onFocus={(event) => event.currentTarget.select()}
            onClick={() => !open && openList()}
            onChange={(event) => {
              setText(event.target.value);
              setActive(0);
              setUsed(true);
              setOpen(true);
            }}
            onKeyDown={onKeyDown}
            onBlur={() => {
              close();
              onBlur?.();
            }}
          />
          <div id={listId} role="listbox" aria-label={label} className={showList ? 'kt-zone-list' : 'd-none'}>
            {showList &&
              groups.map((group) => (
                // biome-ignore lint/a11y/useSemanticElements: a listbox owns options and groups, never a fieldset.
                <div key={group.region} role="group" aria-labelledby={`${listId}-${group.region}`}>
                  <div id={`${listId}-${group.region}`} className="kt-zone-region">
                    {regionLabel(group.region)}
                  </div>
                  {group.options.map((option) => (
                    <div
                      key={option.value}
                      id={optionId(option)}
                      role="option"
                      tabIndex={-1}
                      aria-selected={option === activeOption}
                      className={`kt-zone-option${option === activeOption ? ' is-active' : ''}${option.value === value ? ' is-current' : ''}`}
                      // The input keeps the focus: a press picks without a blur first.
                      onMouseDown={(event) => {
                        event.preventDefault();
                        choose(option);
                      }}
                      onKeyDown={() => {}}
                    >
                      <span>{option.city}</span>
                      <span className="kt-zone-offset">{option.offset}</span>
                    </div>
                  ))}
                </div>
              ))}
          </div>
          {open && text !== null && flat.length === 0 && (
            <div className="kt-zone-list kt-zone-empty">{t('uxSettings.zone.noMatch', { text })}</div>
          )}
          <div className="visually-hidden" role="status">
            {open && text ? t('uxSettings.zone.found', { count: flat.length }) : ''}
          </div>
        </div>
      )}
    </FormField>
  );
}
