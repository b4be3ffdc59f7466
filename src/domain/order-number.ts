import { ORDER_NUMBER_LENGTH } from './constants';

/** The short number people quote (D5): the last 8 characters of the id, upper case. */
export function orderNumber(orderId: string): string {
  return orderId.slice(-ORDER_NUMBER_LENGTH).toUpperCase();
}
