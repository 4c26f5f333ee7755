import type { ComponentProps } from 'react';
import { lazyDialog } from '../../../../components/once-opened.tsx';
import type { CustomerDialog } from './customer-dialog.tsx';

/** "New customer" / "Edit", loaded when first opened: the list and the customer page draw without its form. */
export const LazyCustomerDialog = lazyDialog<ComponentProps<typeof CustomerDialog>>(() =>
  import('./customer-dialog.tsx').then((m) => m.CustomerDialog),
);
