import { describe, expect, it } from 'vitest';
import { avatarColour, initialsOf } from './owner-avatar';

describe('generated owner avatar', () => {
  it('uses the first and last initials', () => {
    expect(initialsOf('Made Wirawan')).toBe('MW');
    expect(initialsOf('  ni luh ayu  lestari ')).toBe('NL');
    expect(initialsOf('Sophie')).toBe('S');
    expect(initialsOf('')).toBe('?');
  });

  it('gives the same name the same colour every time', () => {
    expect(avatarColour('Ketut Sari')).toBe(avatarColour('Ketut Sari'));
    const colours = new Set(['Made', 'Ketut', 'Nyoman', 'Ayu', 'Sophie', 'Wayan'].map(avatarColour));
    expect(colours.size).toBeGreaterThan(1);
  });
});
