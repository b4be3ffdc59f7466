import '@web/lib/words/account';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MapPin } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@web/components/ui/badge';
import { cn } from '@web/components/ui/cn';
import { ErrorBanner, LoadingState } from '@web/components/ui/feedback';
import { errorMessage } from '@web/lib/api';
import { myPickupChoicesQuery, pickupLocationsQuery, savePickupChoices } from '@web/features/account/api';
import { SectionCard } from './section-card';

/** The owner's drop-off checklist of active partner locations; each tick is saved at once. */
export function PickupLocationsSection() {
  const { t } = useTranslation('account');
  const queryClient = useQueryClient();
  const locations = useQuery(pickupLocationsQuery);
  const choices = useQuery(myPickupChoicesQuery);
  const [error, setError] = useState<string | null>(null);

  const loadError = locations.error ?? choices.error;
  useEffect(() => {
    // Spec section 8: a pickup-location load failure is only logged.
    if (loadError) console.error('Failed to load pickup locations', loadError);
  }, [loadError]);

  // The ticks show at once; the saves run one after another (scope) so the last one wins.
  const [shown, setShown] = useState<string[] | null>(null);
  const pendingSaves = useRef(0);
  const save = useMutation({
    mutationFn: savePickupChoices,
    scope: { id: 'pickup-choices' },
    onSuccess: (data) => queryClient.setQueryData(myPickupChoicesQuery.queryKey, data),
    onError: (err) => setError(errorMessage(err, t('pickup.updateFailed'))),
    onSettled: () => {
      // When the last save is done the saved set is the truth (a failed one is thus undone).
      pendingSaves.current -= 1;
      if (pendingSaves.current === 0) setShown(null);
    },
  });

  const selected = new Set(shown ?? choices.data?.ids ?? []);
  const count = selected.size;
  function toggle(id: string) {
    setError(null);
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setShown([...next]);
    pendingSaves.current += 1;
    save.mutate([...next]);
  }

  const items = locations.data?.items ?? [];
  return (
    <SectionCard
      title={t('pickup.title')}
      description={t('pickup.subtitle')}
      aside={
        choices.data && (
          <Badge tone={count > 0 ? 'brand' : 'neutral'} className="shrink-0 self-start">
            {t('pickup.selected', { count })}
          </Badge>
        )
      }
    >
      <ErrorBanner className="mb-4">{error}</ErrorBanner>
      {loadError ? (
        <p className="text-sm text-stone-500">{t('pickup.loadFailed')}</p>
      ) : locations.isPending || choices.isPending ? (
        <LoadingState label={t('loading', { ns: 'common' })} />
      ) : items.length === 0 ? (
        <p className="text-sm text-stone-500">{t('pickup.empty')}</p>
      ) : (
        <>
          <p
            className={cn(
              'mb-4 rounded-lg px-3 py-2 text-sm',
              count > 0 ? 'bg-brand-50 text-brand-800' : 'bg-amber-50 text-amber-800',
            )}
          >
            {count > 0 ? t('pickup.enabled') : t('pickup.none')}
          </p>
          <ul className="grid gap-3 sm:grid-cols-2">
            {items.map((loc) => {
              const checked = selected.has(loc.id);
              return (
                <li key={loc.id}>
                  <label
                    className={cn(
                      'flex h-full cursor-pointer items-start gap-3 rounded-xl border p-4 transition-colors',
                      checked ? 'border-brand-600 bg-brand-50/60' : 'border-stone-200 hover:bg-stone-50',
                    )}
                  >
                    <input
                      type="checkbox"
                      className="mt-0.5 size-4 shrink-0 accent-brand-700"
                      checked={checked}
                      onChange={() => toggle(loc.id)}
                    />
                    <span className="min-w-0">
                      <span className="block font-medium text-stone-900">{loc.name}</span>
                      <span className="mt-0.5 flex items-center gap-1 text-sm text-stone-600">
                        <MapPin className="size-3.5 shrink-0" aria-hidden />
                        {loc.location}
                      </span>
                      <span className="mt-1 block text-xs text-stone-500">{loc.address}</span>
                    </span>
                  </label>
                </li>
              );
            })}
          </ul>
        </>
      )}
    </SectionCard>
  );
}
