import { cn } from '@web/components/ui/cn';

// Spec: the owner's avatar falls back to one generated from the name: initials on a colour
// that is always the same for the same name.
const PALETTE = [
  'bg-rose-100 text-rose-800',
  'bg-amber-100 text-amber-800',
  'bg-lime-100 text-lime-800',
  'bg-emerald-100 text-emerald-800',
  'bg-cyan-100 text-cyan-800',
  'bg-sky-100 text-sky-800',
  'bg-indigo-100 text-indigo-800',
  'bg-fuchsia-100 text-fuchsia-800',
];

export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0][0], words[words.length - 1][0]] : [words[0]?.[0] ?? '?'];
  return letters.join('').toUpperCase();
}

export function avatarColour(name: string): string {
  let hash = 0;
  for (const ch of name) hash = (hash * 31 + ch.codePointAt(0)!) >>> 0;
  return PALETTE[hash % PALETTE.length];
}

const SIZES = { md: 'size-12 text-base', lg: 'size-20 text-2xl sm:size-24 sm:text-3xl' };

export function OwnerAvatar({
  name,
  image,
  size = 'md',
}: {
  name: string;
  image: string | null;
  size?: keyof typeof SIZES;
}) {
  if (image) {
    return <img src={image} alt="" className={cn('shrink-0 rounded-full object-cover', SIZES[size])} />;
  }
  return (
    <span
      aria-hidden
      className={cn(
        'inline-flex shrink-0 items-center justify-center rounded-full font-semibold',
        SIZES[size],
        avatarColour(name),
      )}
    >
      {initialsOf(name)}
    </span>
  );
}
