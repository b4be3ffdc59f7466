import * as Slider from '@radix-ui/react-slider';

// The price filter's slider itself (Radix), a chunk of its own loaded after the catalog's first
// render (catalog-filters.tsx shows a track of the same size until then): the catalog is a first
// page and its JavaScript is kept under budget (scripts/page-sizes.mjs).

export default function PriceSliderControl({
  max,
  step,
  value,
  disabled,
  labelId,
  valueText,
  onValueChange,
  onValueCommit,
}: {
  max: number;
  step: number;
  value: number;
  disabled: boolean;
  labelId: string;
  valueText: string;
  onValueChange: (value: number) => void;
  onValueCommit: (value: number) => void;
}) {
  return (
    <Slider.Root
      className="relative flex h-5 w-full touch-none items-center select-none data-[disabled]:opacity-50"
      min={0}
      max={max}
      step={step}
      value={[value]}
      disabled={disabled}
      onValueChange={([v]) => onValueChange(v)}
      onValueCommit={([v]) => onValueCommit(v)}
      aria-labelledby={labelId}
    >
      <Slider.Track className="relative h-1.5 grow rounded-full bg-stone-200">
        <Slider.Range className="absolute h-full rounded-full bg-brand-600" />
      </Slider.Track>
      <Slider.Thumb
        aria-labelledby={labelId}
        aria-valuetext={valueText}
        className="block size-5 rounded-full border-2 border-brand-700 bg-white shadow focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      />
    </Slider.Root>
  );
}
