import { type KeyboardEvent, type ReactNode, useCallback, useEffect, useId, useRef, useState } from 'react';
import { useOutsidePress } from '../lib/use-outside-press.ts';

export type DropdownItem = {
  key: string;
  label: ReactNode;
  onSelect: () => void;
  icon?: ReactNode;
  /** Makes the item a `menuitemradio` (e.g. the language list). */
  checked?: boolean;
  lang?: string;
};

type DropdownProps = {
  /** Visible content of the toggle button. */
  toggle: ReactNode;
  /** Accessible name of the toggle when its content is an icon or not descriptive alone. */
  toggleLabel?: string;
  toggleClassName?: string;
  /** Non-interactive header at the top of the menu (e.g. the signed-in name). */
  header?: ReactNode;
  items: DropdownItem[];
  align?: 'start' | 'end';
  className?: string;
};

/**
 * WAI-ARIA menu button: Enter, Space or ArrowDown open it on the first item,
 * ArrowUp on the last; arrows, Home and End move; Escape closes and returns
 * focus to the button; Tab or a click outside closes it.
 */
export function Dropdown({
  toggle,
  toggleLabel,
  toggleClassName,
  header,
  items,
  align,
  className,
}: DropdownProps) {
  const [open, setOpen] = useState(false);
  const [focusIndex, setFocusIndex] = useState(0);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const menuId = useId();
  const buttonId = useId();

  useEffect(() => {
    if (!open) return;
    itemRefs.current[focusIndex]?.focus();
  }, [open, focusIndex]);

  useOutsidePress(
    rootRef,
    open,
    useCallback(() => setOpen(false), []),
  );

  const openAt = (index: number) => {
    setFocusIndex(index);
    setOpen(true);
  };

  const close = (restoreFocus: boolean) => {
    setOpen(false);
    if (restoreFocus) buttonRef.current?.focus();
  };

  const onButtonKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      openAt(0);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      openAt(items.length - 1);
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent) => {
    const last = items.length - 1;
    const moves: Record<string, number> = {
      ArrowDown: focusIndex >= last ? 0 : focusIndex + 1,
      ArrowUp: focusIndex <= 0 ? last : focusIndex - 1,
      Home: 0,
      End: last,
    };
    const target = moves[event.key];
    if (target !== undefined) {
      event.preventDefault();
      setFocusIndex(target);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    } else if (event.key === 'Tab') {
      close(false);
    }
  };

  const select = (item: DropdownItem) => {
    close(true);
    item.onSelect();
  };

  return (
    <div ref={rootRef} className={`dropdown ${className ?? ''}`}>
      <button
        ref={buttonRef}
        id={buttonId}
        type="button"
        className={toggleClassName ?? 'btn'}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={toggleLabel}
        onClick={() => (open ? close(false) : openAt(0))}
        onKeyDown={onButtonKeyDown}
      >
        {toggle}
      </button>
      {open && (
        <div
          id={menuId}
          role="menu"
          aria-labelledby={buttonId}
          className={`dropdown-menu show ${align === 'end' ? 'dropdown-menu-end' : ''}`}
          data-bs-popper="static"
          onKeyDown={onMenuKeyDown}
        >
          {header && <div className="dropdown-header">{header}</div>}
          {items.map((item, index) => {
            const props = {
              ref: (element: HTMLButtonElement | null) => {
                itemRefs.current[index] = element;
              },
              type: 'button' as const,
              lang: item.lang,
              tabIndex: index === focusIndex ? 0 : -1,
              className: `dropdown-item d-flex align-items-center gap-2 ${item.checked ? 'active' : ''}`,
              onClick: () => select(item),
            };
            const content = (
              <>
                {item.icon}
                {item.label}
              </>
            );
            return item.checked === undefined ? (
              <button key={item.key} role="menuitem" {...props}>
                {content}
              </button>
            ) : (
              <button key={item.key} role="menuitemradio" aria-checked={item.checked} {...props}>
                {content}
              </button>
            );
          })}
        </div>
      )}
    </div>
  );
}
