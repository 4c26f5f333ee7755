import type { ComponentProps } from 'react';
import { lazyDialog } from '../../../../components/once-opened.tsx';
import type { EmailComposeDialog } from './email-compose-dialog.tsx';

/** The compose dialog, loaded when first opened: the pages with an "Email" button draw without it. */
export const LazyEmailComposeDialog = lazyDialog<ComponentProps<typeof EmailComposeDialog>>(() =>
  import('./email-compose-dialog.tsx').then((m) => m.EmailComposeDialog),
);
