import * as RadixDialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { Button } from './button';

/**
 * The one dialog shell: overlay, centred panel, title, description, the dialog's own content
 * and its buttons at the end. `trigger` (optional) is the element that opens it; `cancelLabel`
 * adds a Cancel button that closes it.
 */
export function Dialog({
  open,
  onOpenChange,
  trigger,
  title,
  description,
  children,
  cancelLabel,
  actions,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  trigger?: ReactNode;
  title: ReactNode;
  description: ReactNode;
  children?: ReactNode;
  cancelLabel: string;
  actions: ReactNode;
}) {
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      {trigger && <RadixDialog.Trigger asChild>{trigger}</RadixDialog.Trigger>}
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-stone-900/50" />
        <RadixDialog.Content className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-xl focus:outline-none">
          <RadixDialog.Title className="text-lg font-semibold text-stone-900">{title}</RadixDialog.Title>
          <RadixDialog.Description className="mt-2 text-sm text-stone-600">
            {description}
          </RadixDialog.Description>
          {children}
          <div className="mt-6 flex flex-wrap justify-end gap-2">
            <RadixDialog.Close asChild>
              <Button variant="outline">{cancelLabel}</Button>
            </RadixDialog.Close>
            {actions}
          </div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/** A confirm dialog (delete book, delete user...): Cancel and a confirm button. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  cancelLabel,
  onConfirm,
  loading,
  danger = true,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  loading?: boolean;
  danger?: boolean;
  children?: ReactNode;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={description}
      cancelLabel={cancelLabel}
      actions={
        <Button variant={danger ? 'danger' : 'primary'} onClick={onConfirm} loading={loading}>
          {confirmLabel}
        </Button>
      }
    >
      {children}
    </Dialog>
  );
}
