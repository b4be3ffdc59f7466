import { describeCodes, errorAnswer, uuidParam, z } from './openapi';

// The id and the answers every /orders/{id} route declares: the orders, loans and payments
// modules each serve some of those routes.

export const orderParams = z.object({ id: uuidParam('ORDER_NOT_FOUND') });
export const orderNotFound = errorAnswer(`${describeCodes('ORDER_NOT_FOUND')}, also for a malformed id`);
export const notOnOrder = errorAnswer(
  `${describeCodes('ORDER_FORBIDDEN')}: the caller is not party to the order; or the action is not theirs`,
);
