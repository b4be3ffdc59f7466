import type { ListParams } from '@web/features/admin/api';

/** Each tab reads its list state from the URL and asks the page to change it. */
export interface TabProps {
  params: ListParams;
  onParams: (patch: Partial<ListParams>) => void;
}
