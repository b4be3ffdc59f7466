import type { LoansApi } from '@server/modules/loans/routes';
import { apiClient, call } from '@web/lib/api';
import { useOrderWrite } from './api';

// Loan calls: the borrower extends, the admin marks an extension paid.

const orders = apiClient<LoansApi>().orders;

export const useExtendLoan = (id: string) =>
  useOrderWrite(id, ({ weeks }: { weeks: 1 | 2 }) =>
    call(orders[':id'].extensions.$post({ param: { id }, json: { weeks } })),
  );

export const useMarkExtensionPaid = (id: string) =>
  useOrderWrite(id, ({ extensionId }: { extensionId: string }) =>
    call(orders[':id'].extensions[':extensionId'].paid.$post({ param: { id, extensionId } })),
  );
