import { Store } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '@web/components/ui/cn';

/** Where the owner's books can be collected: 'Pickup: Canggu Coworking Hub, Ubud Library'. */
export function PickupPoints({ names, className }: { names: string[]; className?: string }) {
  const { t } = useTranslation('catalog');
  if (names.length === 0) return null;
  return (
    <p className={cn('flex items-start gap-1', className)}>
      <Store className="mt-px size-3.5 shrink-0" aria-hidden />
      <span>{t('owner.pickup', { names: names.join(', ') })}</span>
    </p>
  );
}
