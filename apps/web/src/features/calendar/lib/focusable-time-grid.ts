/**
 * Keyboard people must be able to scroll what scrolls (WCAG 2.1.1; axe
 * "scrollable-region-focusable"): FullCalendar's week and day grids scroll
 * inside a fixed height but hold nothing focusable when the days are empty, and
 * FullCalendar offers no option for that. The scroller itself cannot take the
 * focus (it sits between a table's rowgroup and its row, where ARIA allows only
 * rows), so the row inside it (the days' columns) becomes the tab stop; the
 * arrow keys then scroll the grid.
 */
export function makeTimeGridFocusable(root: HTMLElement | null, scrollTime: string): void {
  if (!root) return;
  const slot = root.querySelector(`[data-time="${scrollTime}"]`);
  let scroller = slot?.parentElement ?? null;
  while (scroller && root.contains(scroller) && getComputedStyle(scroller).overflowY !== 'auto')
    scroller = scroller.parentElement;
  const row = scroller?.querySelector<HTMLElement>('[role="row"]');
  if (row && !row.hasAttribute('tabindex')) row.tabIndex = 0;
}
