import type { ComponentProps } from 'react';
import { lazyDialog } from '../../../../components/once-opened.tsx';
import type { EventDialog } from './event-dialog.tsx';

/**
 * The to-do dialog, loaded when first opened: its form brings react-hook-form, zod and the
 * events contract, which the lists, pages and calendar showing to-dos do not need to draw.
 */
export const LazyEventDialog = lazyDialog<ComponentProps<typeof EventDialog>>(() =>
  import('./event-dialog.tsx').then((m) => m.EventDialog),
);
