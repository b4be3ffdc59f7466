import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CONDITIONS, LANGUAGES } from '@domain/constants';
import { formatMoney } from '@domain/money';
import type { CatalogParams } from '@domain/catalog-params';
import { Select } from '@web/components/ui/field';
import { sliderRange } from '@web/features/catalog/price-range';

const PriceSliderControl = lazy(() => import('./price-slider-control'));

interface Props {
  params: CatalogParams;
  /** Highest weekly price in scope; undefined until the first page has loaded. */
  maxWeeklyPrice: string | undefined;
  onChange: (patch: Partial<CatalogParams>) => void;
  onClear: () => void;
  hasFilters: boolean;
  /**
   * The area filter's options, the areas with books to borrow now; [] while they load.
   * Left out where every book is in one area (an owner's shelf): no area filter then.
   */
  areas?: string[];
}

/** Area, Condition and Language, the price-per-week slider and Clear all (spec: All Books). */
export function CatalogFilters({ params, maxWeeklyPrice, onChange, onClear, hasFilters, areas }: Props) {
  const { t } = useTranslation('catalog');
  return (
    <div className="space-y-6">
      <div className="flex items-center justify-between">
        <h2 className="text-base font-semibold text-stone-900">{t('filters.title')}</h2>
        <button
          type="button"
          onClick={onClear}
          disabled={!hasFilters}
          className="text-sm font-medium text-brand-700 hover:underline disabled:cursor-default disabled:text-stone-400 disabled:no-underline"
        >
          {t('filters.clearAll')}
        </button>
      </div>
      {areas && <AreaSelect areas={areas} value={params.area} onChange={(area) => onChange({ area })} />}
      <RadioGroup
        legend={t('filters.condition')}
        name="condition"
        enumName="condition"
        options={CONDITIONS}
        value={params.condition}
        onChange={(condition) => onChange({ condition })}
      />
      <RadioGroup
        legend={t('filters.language')}
        name="language"
        enumName="language"
        options={LANGUAGES}
        value={params.language}
        onChange={(language) => onChange({ language })}
      />
      {maxWeeklyPrice === undefined ? (
        // No range yet: a slider from 0 to nothing would jump when the books arrive.
        <div aria-hidden className="animate-pulse">
          <div className="mb-3 h-5 w-28 rounded bg-stone-100" />
          <div className="h-1.5 rounded-full bg-stone-200" />
          <div className="mt-2 h-4" />
        </div>
      ) : (
        <PriceSlider
          maxWeeklyPrice={maxWeeklyPrice}
          value={params.maxPrice}
          onCommit={(maxPrice) => onChange({ maxPrice })}
        />
      )}
    </div>
  );
}

/**
 * A list, not radios: areas are the owners' own words and can be many. An area in the URL that
 * has no books now (a stale link) stays selected, so the page says what it filters by.
 */
function AreaSelect({
  areas,
  value,
  onChange,
}: {
  areas: string[];
  value: string | undefined;
  onChange: (area: string | undefined) => void;
}) {
  const { t } = useTranslation('catalog');
  const id = useId();
  const hintId = useId();
  const options = value && !areas.includes(value) ? [value, ...areas] : areas;
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-stone-700">
        {t('filters.area')}
      </label>
      <p id={hintId} className="mb-2 text-xs text-stone-500">
        {t('filters.areaHint')}
      </p>
      <Select
        id={id}
        aria-describedby={hintId}
        value={value ?? ''}
        onChange={(e) => onChange(e.target.value || undefined)}
        data-testid="area-filter"
      >
        <option value="">{t('filters.anyArea')}</option>
        {options.map((area) => (
          <option key={area} value={area}>
            {area}
          </option>
        ))}
      </Select>
    </div>
  );
}

function RadioGroup<T extends string>({
  legend,
  name,
  enumName,
  options,
  value,
  onChange,
}: {
  legend: string;
  name: string;
  /** Where the options' words are: common:enums.<enumName>. */
  enumName: 'condition' | 'language';
  options: readonly T[];
  value: T | undefined;
  onChange: (value: T | undefined) => void;
}) {
  const { t } = useTranslation('catalog');
  const choices: Array<{ value: T | undefined; label: string }> = [
    { value: undefined, label: t('filters.any') },
    ...options.map((o) => ({ value: o, label: t(`common:enums.${enumName}.${o}`) })),
  ];
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-medium text-stone-700">{legend}</legend>
      <div className="space-y-1">
        {choices.map((choice) => (
          <label
            key={choice.label}
            className="flex cursor-pointer items-center gap-2.5 rounded-md py-1 text-sm text-stone-700 hover:text-stone-900"
          >
            <input
              type="radio"
              name={name}
              checked={value === choice.value}
              onChange={() => onChange(choice.value)}
              className="size-4 accent-brand-700"
            />
            {choice.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function PriceSlider({
  maxWeeklyPrice,
  value,
  onCommit,
}: {
  maxWeeklyPrice: string;
  value: string | undefined;
  onCommit: (maxPrice: string | undefined) => void;
}) {
  const { t } = useTranslation('catalog');
  const labelId = useId();
  const { max, step } = sliderRange(maxWeeklyPrice);
  const selected = value === undefined ? max : Math.min(Number(value), max);
  // Local while dragging; the URL (and so the query) changes once, when the thumb is released.
  const [dragging, setDragging] = useState(selected);
  useEffect(() => setDragging(selected), [selected]);
  // Arrow keys commit on every press: wait for a pause so a run of presses is one URL entry and one query.
  const commitTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(commitTimer.current), []);
  const commit = (v: number) => {
    clearTimeout(commitTimer.current);
    commitTimer.current = setTimeout(() => onCommit(v >= max ? undefined : String(v)), 300);
  };
  const disabled = max <= 0;

  return (
    <div>
      <div className="mb-3 flex items-baseline justify-between gap-2">
        <span id={labelId} className="text-sm font-medium text-stone-700">
          {t('filters.price')}
        </span>
        <span className="text-sm text-stone-600" aria-live="polite">
          {disabled || dragging >= max
            ? t('filters.anyPrice')
            : t('filters.upTo', { price: formatMoney(dragging) })}
        </span>
      </div>
      {/* Until the slider's chunk arrives, its track at the same size: nothing moves. */}
      <Suspense
        fallback={
          <div className="flex h-5 w-full items-center" aria-hidden>
            <div className="h-1.5 grow rounded-full bg-stone-200" />
          </div>
        }
      >
        <PriceSliderControl
          max={Math.max(max, step)}
          step={step}
          value={dragging}
          disabled={disabled}
          labelId={labelId}
          valueText={dragging >= max ? t('filters.anyPrice') : formatMoney(dragging)}
          onValueChange={setDragging}
          // At the top of the range there is no filter: every book in scope is shown.
          onValueCommit={commit}
        />
      </Suspense>
      {!disabled && (
        <div className="mt-2 flex justify-between text-xs text-stone-500">
          <span>{formatMoney(0)}</span>
          <span>{formatMoney(max)}</span>
        </div>
      )}
    </div>
  );
}
