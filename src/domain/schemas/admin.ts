import { z } from 'zod';
import { ADMIN_EMAIL_LIST_LIMIT, BOOK_STATUSES, ORDER_STATUSES, ROLES } from '@domain/constants';

// Admin query strings and bodies: bad values are refused with 422 and change nothing.

const ADMIN_PAGE_SIZE = 20;

const q = z
  .string()
  .max(100)
  .transform((s) => s.trim())
  .optional();
const page = z.coerce.number().int().min(1).max(100_000).default(1);
const pageSize = z.coerce.number().int().min(1).max(100).default(ADMIN_PAGE_SIZE);

/** D21: besides the 8 statuses, the orders tab filters loans that are overdue or due within 2 days. */
const ADMIN_LOAN_FILTERS = ['overdue', 'due_soon'] as const;
export type AdminLoanFilter = (typeof ADMIN_LOAN_FILTERS)[number];

export const adminOrdersQuerySchema = z.object({
  q,
  status: z.enum([...ORDER_STATUSES, ...ADMIN_LOAN_FILTERS]).optional(),
  page,
  pageSize,
});

export const adminBooksQuerySchema = z.object({
  q,
  status: z.enum(BOOK_STATUSES).optional(),
  page,
  pageSize,
});

export const adminUsersQuerySchema = z.object({ q, role: z.enum(ROLES).optional(), page, pageSize });

export const adminEmailsQuerySchema = z.object({
  q,
  state: z.enum(['pending', 'failed', 'sent']).optional(),
  page,
  pageSize: z.coerce.number().int().min(1).max(ADMIN_EMAIL_LIST_LIMIT).default(ADMIN_EMAIL_LIST_LIMIT),
});

export const adminBookStatusSchema = z.object({ status: z.enum(BOOK_STATUSES) });
export const adminUserRoleSchema = z.object({ role: z.enum(ROLES) });
