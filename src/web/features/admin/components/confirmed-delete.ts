import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';

type Callbacks = { onSuccess: () => void; onError: (err: unknown) => void };

/**
 * A delete runs only once the operator confirms it in the dialog. Holds the row being asked about
 * and closes the dialog whether the delete worked or not, so a refusal shows in the tab's
 * banner instead of behind an open dialog.
 */
export function useConfirmedDelete<Row extends { id: string }>(
  mutation: UseMutationResult<unknown, unknown, string>,
  feedback: (row: Row) => Callbacks,
) {
  const [target, setTarget] = useState<Row | null>(null);
  const confirm = () => {
    if (!target) return;
    mutation.mutate(target.id, { ...feedback(target), onSettled: () => setTarget(null) });
  };
  return {
    target,
    ask: setTarget,
    dialog: {
      open: target !== null,
      onOpenChange: (open: boolean) => !open && setTarget(null),
      loading: mutation.isPending,
      onConfirm: confirm,
    },
  };
}
