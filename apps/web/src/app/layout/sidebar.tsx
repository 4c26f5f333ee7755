import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { MenuTree } from './menu-tree.tsx';

/** The original's numbers: 300 ms after a navigation, scroll when the item lies over 500 px down. */
const SCROLL_DELAY_MS = 300;
const SCROLL_THRESHOLD_PX = 500;

export function scrollActiveIntoView(container: HTMLElement): void {
  const active = container.querySelector<HTMLElement>('.kt-menu-link.active');
  if (!active) return;
  const top =
    active.getBoundingClientRect().top - container.getBoundingClientRect().top + container.scrollTop;
  if (top > SCROLL_THRESHOLD_PX) container.scrollTop = top - 300;
}

/** The vertical menu; hidden at 768 px or less, where the off-canvas menu takes over. */
export function Sidebar() {
  const { t } = useTranslation();
  const location = useLocation();
  const ref = useRef<HTMLElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs per navigation (location.key), by design.
  useEffect(() => {
    const timer = window.setTimeout(() => {
      if (ref.current) scrollActiveIntoView(ref.current);
    }, SCROLL_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [location.key]);

  return (
    <nav ref={ref} className="kt-sidebar" aria-label={t('menu.label')}>
      <MenuTree orientation="vertical" />
    </nav>
  );
}

export function HorizontalNav() {
  const { t } = useTranslation();
  return (
    <nav className="kt-topnav" aria-label={t('menu.label')}>
      <div className="kt-container">
        <MenuTree orientation="horizontal" />
      </div>
    </nav>
  );
}
