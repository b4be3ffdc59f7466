import { useTranslation } from 'react-i18next';
import type { Availability } from '@domain/api-types';
import { Badge } from '@web/components/ui/badge';

const TONE = { available: 'green', reserved: 'amber', borrowed: 'amber', unavailable: 'red' } as const;

/** Whether the book can be borrowed now (D6): a reserved book reads 'Reserved', not 'Available'. */
export function AvailabilityBadge({ availability }: { availability: Availability }) {
  const { t } = useTranslation('catalog');
  return <Badge tone={TONE[availability]}>{t(`status.${availability}`)}</Badge>;
}
