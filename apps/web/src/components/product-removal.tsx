import type { Product } from '@reloop/shared';
import { uiMessages } from '@reloop/shared/messages';
import { toastOutcome } from '../lib/mutation-toasts.ts';
import { useDeleteProduct } from '../lib/product-mutations.ts';
import { ConfirmDialog, useConfirmedAction } from './confirm-dialog.tsx';

/**
 * Deleting a listing after confirmation, for sellers (their own) and admins (reported ones):
 * `ask(product)` opens the returned `dialog`, which the screen renders.
 */
export function useProductRemoval(consequence: string) {
  const deleteProduct = useDeleteProduct();
  const removal = useConfirmedAction<Product>((product, done) =>
    deleteProduct.mutate(product._id, {
      ...toastOutcome(uiMessages.productDeleted),
      onSettled: done,
    }),
  );
  const dialog = (
    <ConfirmDialog
      open={removal.pending !== null}
      title={`Delete ${removal.pending?.name ?? ''}?`}
      message={consequence}
      confirmLabel="Delete"
      busy={deleteProduct.isPending}
      onConfirm={removal.confirm}
      onCancel={removal.cancel}
    />
  );
  return { ask: removal.ask, dialog };
}
