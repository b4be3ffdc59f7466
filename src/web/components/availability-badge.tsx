import { useTranslation } from 'react-i18next';
import type { Availability } from '@domain/api-types';
import { Badge } from '@web/components/ui/badge';
import { formatShortDay } from '@web/lib/format';

const TONE = {
  available: 'green',
  away: 'blue',
  reserved: 'amber',
  borrowed: 'amber',
  unavailable: 'red',
} as const;

/**
 * Whether the book can be borrowed now: a reserved book reads 'Reserved', not 'Available';
 * a book whose owner is away reads the day they are back.
 */
export function AvailabilityBadge({
  availability,
  backOn,
}: {
  availability: Availability;
  backOn: string | null;
}) {
  const { t } = useTranslation('catalog');
  if (availability === 'away' && backOn)
    return <Badge tone={TONE.away}>{t('status.away', { date: formatShortDay(backOn) })}</Badge>;
  return <Badge tone={TONE[availability]}>{t(`status.${availability}`)}</Badge>;
}
