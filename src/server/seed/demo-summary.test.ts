import { describe, expect, it } from 'vitest';
import { demoSummary } from './demo';

// A demo book's summary is shown on its page whatever the book's state, and on Indonesian
// pages too: it says nothing about availability, and an Indonesian book's is in Indonesian.

describe('demo summaries', () => {
  it('never claim the book is ready to borrow (it may be lent out)', () => {
    for (const language of ['English', 'Indonesian'] as const) {
      const summary = demoSummary('Laskar Pelangi', 'Andrea Hirata', language, 'Good', 'Ubud');
      expect(summary).not.toMatch(/ready to borrow|available|siap dipinjam|tersedia/i);
    }
  });

  it("are written in the book's language", () => {
    expect(demoSummary('Timun Mas', 'Cerita Rakyat', 'Indonesian', 'Fair', 'Sanur')).toBe(
      'Timun Mas karya Cerita Rakyat: buku kesayangan dari rak seorang anggota di Sanur, kondisinya layak.',
    );
    expect(demoSummary('Matilda', 'Roald Dahl', 'English', 'Brand New', 'Canggu')).toBe(
      "Matilda by Roald Dahl: a well-loved book from a member's shelf in Canggu, in brand new condition.",
    );
  });
});
