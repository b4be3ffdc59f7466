import { z } from 'zod';
import { cursorParam } from '@domain/cursor-page';
import {
  ADMIN_EMAIL_LIST_LIMIT,
  BOOK_STATUSES,
  BULK_ORDERS_MAX,
  ORDER_STATUSES,
  ROLES,
} from '@domain/constants';
import { FIELD_MSG } from '@domain/error-codes';
import { ADMIN_STEP_ACTIONS } from '@domain/order-machine';
import { uuidField } from '@domain/ids';

// Admin query strings and bodies: bad values are refused with 422 and change nothing.

const ADMIN_PAGE_SIZE = 20;

const q = z
  .string()
  .max(100)
  .transform((s) => s.trim())
  .optional();
/** Keyset pages (docs/architecture.md, "Lists at scale"): no page numbers, a cursor instead. */
const cursor = cursorParam;
const pageSize = z.coerce.number().int().min(1).max(100).default(ADMIN_PAGE_SIZE);

/** D21: besides the 8 statuses, the orders tab filters loans that are overdue or due within 2 days. */
const ADMIN_LOAN_FILTERS = ['overdue', 'due_soon'] as const;
export type AdminLoanFilter = (typeof ADMIN_LOAN_FILTERS)[number];

export const adminOrdersQuerySchema = z.object({
  q,
  status: z.enum([...ORDER_STATUSES, ...ADMIN_LOAN_FILTERS]).optional(),
  cursor,
  pageSize,
});

export const adminBooksQuerySchema = z.object({
  q,
  status: z.enum(BOOK_STATUSES).optional(),
  cursor,
  pageSize,
});

export const adminUsersQuerySchema = z.object({ q, role: z.enum(ROLES).optional(), cursor, pageSize });

export const adminEmailsQuerySchema = z.object({
  q,
  state: z.enum(['pending', 'failed', 'sent']).optional(),
  cursor,
  pageSize: z.coerce.number().int().min(1).max(ADMIN_EMAIL_LIST_LIMIT).default(ADMIN_EMAIL_LIST_LIMIT),
});

export const adminBookStatusSchema = z.object({ status: z.enum(BOOK_STATUSES) });
export const adminUserRoleSchema = z.object({ role: z.enum(ROLES) });

/**
 * The admin's bulk status change: one of the next-step actions (spec section 4) for up to
 * BULK_ORDERS_MAX orders, each moved or refused under its own rules (admin/bulk-status-service.ts).
 */
export const adminBulkStatusSchema = z.object({
  action: z.enum(ADMIN_STEP_ACTIONS),
  orderIds: z
    .array(uuidField(FIELD_MSG.invalidValue), { error: FIELD_MSG.bulkOrdersCount })
    .min(1, FIELD_MSG.bulkOrdersCount)
    .max(BULK_ORDERS_MAX, FIELD_MSG.bulkOrdersCount),
});
