import type { AdminBulkStatusResult } from '@domain/admin-types';
import type { AdminStepAction } from '@domain/order-machine';
import { orderNumber } from '@domain/order-number';
import type { AppDeps, SessionUser } from '@server/app-env';
import { AppError } from '@server/lib/errors';
import { applyOrderAction } from '@server/modules/orders/status-service';

// The admin's bulk status change on the orders list: the same next-step action on several
// orders, each through the one status service the single-order buttons use (D8), so each order
// moves under its own rules, in its own transaction, with its own event and emails. One order's
// refusal never undoes or stops another's move: the answer names both, order by order.

type BulkDeps = Pick<AppDeps, 'db' | 'config' | 'outbox' | 'log'>;

export async function applyBulkStatus(
  deps: BulkDeps,
  input: { actor: SessionUser; action: AdminStepAction; orderIds: string[] },
): Promise<AdminBulkStatusResult> {
  const result: AdminBulkStatusResult = { moved: [], refused: [] };
  // One order named twice moves once (the second would only be refused as already moved).
  for (const id of new Set(input.orderIds)) {
    const number = orderNumber(id);
    try {
      const order = await applyOrderAction(deps, {
        actor: input.actor,
        orderId: id,
        action: { type: input.action },
      });
      result.moved.push({ id, number, status: order.status });
    } catch (err) {
      if (err instanceof AppError) {
        result.refused.push({ id, number, code: err.code, ...(err.params ? { params: err.params } : {}) });
        continue;
      }
      // Not a rule's refusal: this order's transaction rolled back; the others stand.
      deps.log.error({ err, orderId: id }, 'bulk status change failed on an order');
      result.refused.push({ id, number, code: 'INTERNAL' });
    }
  }
  return result;
}
