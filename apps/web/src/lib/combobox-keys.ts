import type { KeyboardEvent } from 'react';

/** What the keys of a combobox's text field need to know and do. */
export interface ComboboxKeyTarget {
  /** The list of options is shown. */
  open: boolean;
  /** Options in the list. */
  count: number;
  /** The highlighted option. */
  active: number;
  setActive(index: number): void;
  /** Shows the list, on its first (or chosen) option. */
  openList(): void;
  /** Takes the highlighted option. */
  choose(): void;
  close(): void;
}

/**
 * The keys of a combobox with a list popup (WAI-ARIA's combobox pattern), one
 * set for every combobox of the app: Down opens a closed list on its first (or
 * chosen) option, or moves to the next one; Up moves to the previous one;
 * Enter takes the highlighted option instead of sending the form around the
 * field, even when nothing matches; Escape closes the list only, not the
 * dialog around the form.
 */
export function onComboboxKey(event: KeyboardEvent<HTMLInputElement>, target: ComboboxKeyTarget): void {
  if (event.key === 'ArrowDown') {
    event.preventDefault();
    if (!target.open) target.openList();
    else target.setActive(Math.min(target.active + 1, Math.max(target.count - 1, 0)));
  } else if (event.key === 'ArrowUp') {
    event.preventDefault();
    if (target.open) target.setActive(Math.max(target.active - 1, 0));
  } else if (event.key === 'Enter' && target.open) {
    event.preventDefault();
    if (target.count > 0) target.choose();
  } else if (event.key === 'Escape' && target.open) {
    event.preventDefault();
    event.stopPropagation();
    target.close();
  }
}
