import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { SORT_KEYS, type SortKey } from '@domain/constants';
import { Select } from '@web/components/ui/field';

/** The six sorts of the spec, keyed as the API expects them. */
export function SortSelect({ value, onChange }: { value: SortKey; onChange: (sort: SortKey) => void }) {
  const { t } = useTranslation('catalog');
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm whitespace-nowrap text-stone-600">
        {t('sort.label')}
      </label>
      <Select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value as SortKey)}
        className="w-auto min-w-44"
      >
        {SORT_KEYS.map((key) => (
          <option key={key} value={key}>
            {t(`sort.${key}`)}
          </option>
        ))}
      </Select>
    </div>
  );
}
