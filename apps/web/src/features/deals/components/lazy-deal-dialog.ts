import type { ComponentProps } from 'react';
import { lazyDialog } from '../../../components/once-opened.tsx';
import type { DealDialog } from './deal-dialog.tsx';

/** "New deal" / "Edit", loaded when first opened: the board and the deal page draw without its form (and zod). */
export const LazyDealDialog = lazyDialog<ComponentProps<typeof DealDialog>>(() =>
  import('./deal-dialog.tsx').then((m) => m.DealDialog),
);
