import { z } from 'zod';
import { cursorParam } from '@domain/cursor-page';
import { ADMIN_EMAIL_LIST_LIMIT, BOOK_STATUSES, ORDER_STATUSES, ROLES } from '@domain/constants';

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
