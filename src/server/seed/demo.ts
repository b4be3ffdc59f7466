import { eq, sql } from 'drizzle-orm';
import type { Category, Condition, Language } from '@domain/constants';
import type { AppDeps } from '@server/app-env';
import { translate } from '@server/lib/i18n';
import { deleteCover, storeCover } from '@server/modules/covers/service';
import { MIGRATION_LOCK } from '@server/db/client';
import { books, ownerPickupLocations, user } from '@server/db/schema';
import { renderDemoCover } from './demo-covers';
import { seedDemoOrders } from './demo-orders';
import { createPickupLocation, createUser } from './factories';

// D20: a demo marketplace in Bali on first start with the embedded database.

export const DEMO_LOGINS = [
  {
    role: 'admin',
    email: 'admin@example.com',
    password: 'admin12345',
    name: 'Rakbuku Admin',
    location: 'Denpasar',
  },
  {
    role: 'borrower',
    email: 'borrower@example.com',
    password: 'borrower123',
    name: 'Dewi Anggraini',
    location: 'Ubud',
  },
  {
    role: 'owner',
    email: 'made@example.com',
    password: 'owner12345',
    name: 'Made Wirawan',
    location: 'Ubud',
  },
] as const;

const OWNERS = [
  {
    name: 'Made Wirawan',
    email: 'made@example.com',
    location: 'Ubud',
    address: 'Jl. Raya Ubud No. 18, Ubud, Gianyar, Bali 80571',
  },
  {
    name: 'Ketut Sari',
    email: 'ketut@example.com',
    location: 'Canggu',
    address: 'Jl. Batu Bolong No. 44, Canggu, Badung, Bali 80361',
  },
  {
    name: 'Nyoman Putra',
    email: 'nyoman@example.com',
    location: 'Sanur',
    address: 'Jl. Danau Tamblingan No. 71, Sanur, Denpasar, Bali 80228',
  },
  {
    name: 'Ayu Lestari',
    email: 'ayu@example.com',
    location: 'Denpasar',
    address: 'Jl. Teuku Umar No. 120, Denpasar, Bali 80114',
  },
  {
    name: 'Sophie Martin',
    email: 'sophie@example.com',
    location: 'Seminyak',
    address: 'Jl. Kayu Aya No. 9, Seminyak, Badung, Bali 80361',
  },
  {
    name: 'Wayan Dharma',
    email: 'wayan@example.com',
    location: 'Uluwatu',
    address: 'Jl. Labuansait No. 33, Pecatu, Badung, Bali 80361',
  },
];

const LOCATIONS = [
  { name: 'Ubud Readers Café', location: 'Ubud', address: 'Jl. Goutama No. 7, Ubud, Gianyar, Bali 80571' },
  {
    name: 'Canggu Coworking Hub',
    location: 'Canggu',
    address: 'Jl. Pantai Berawa No. 56, Canggu, Badung, Bali 80361',
  },
  {
    name: 'Seminyak Book Corner',
    location: 'Seminyak',
    address: 'Jl. Petitenget No. 21, Seminyak, Badung, Bali 80361',
  },
  {
    name: 'Sanur Beach Library',
    location: 'Sanur',
    address: 'Jl. Hang Tuah No. 5, Sanur, Denpasar, Bali 80227',
  },
  {
    name: 'Denpasar Community Centre',
    location: 'Denpasar',
    address: 'Jl. Gatot Subroto Barat No. 88, Denpasar, Bali 80116',
  },
];

/** Which partner locations each owner offers (index into LOCATIONS). */
const OWNER_LOCATIONS = [[0, 1, 3], [1, 2], [3, 4, 0], [4, 0], [2, 1], []];

type DemoBook = [
  title: string,
  author: string,
  category: Category,
  language: Language,
  condition: Condition,
  weekly: number,
  monthly?: number,
];

/**
 * A demo book's summary, as its owner would write it: in the book's own language, and about the
 * book, never its availability (a summary that said "ready to borrow" was false while it was
 * lent out).
 */
export function demoSummary(
  title: string,
  author: string,
  language: Language,
  condition: Condition,
  location: string,
): string {
  return language === 'Indonesian'
    ? `${title} karya ${author}: buku kesayangan dari rak seorang anggota di ${location}, kondisinya ${translate('id', `common:enums.condition.${condition}`).toLowerCase()}.`
    : `${title} by ${author}: a well-loved book from a member's shelf in ${location}, in ${condition.toLowerCase()} condition.`;
}

const BOOKS: DemoBook[] = [
  ['The Very Hungry Caterpillar', 'Eric Carle', 'Children', 'English', 'Good', 10000],
  ['Matilda', 'Roald Dahl', 'Children', 'English', 'Brand New', 15000, 50000],
  ["Charlotte's Web", 'E. B. White', 'Children', 'English', 'Fair', 10000],
  ['The Little Prince', 'Antoine de Saint-Exupéry', 'Children', 'English', 'Good', 12000],
  ['Where the Wild Things Are', 'Maurice Sendak', 'Children', 'English', 'Good', 8000],
  ['Winnie-the-Pooh', 'A. A. Milne', 'Children', 'English', 'Fair', 9000],
  ['Si Kancil dan Buaya', 'Cerita Rakyat Nusantara', 'Children', 'Indonesian', 'Brand New', 7000],
  ['Timun Mas', 'Cerita Rakyat Jawa Tengah', 'Children', 'Indonesian', 'Good', 7000],
  ['Malin Kundang', 'Cerita Rakyat Sumatra Barat', 'Children', 'Indonesian', 'Fair', 6000],
  ['Bawang Merah Bawang Putih', 'Cerita Rakyat Nusantara', 'Children', 'Indonesian', 'Good', 6000],
  ['The Gruffalo', 'Julia Donaldson', 'Children', 'English', 'Brand New', 11000, 38000],
  ['Alice in Wonderland', 'Lewis Carroll', 'Children', 'English', 'Good', 12000],
  ['The Hunger Games', 'Suzanne Collins', 'Teen', 'English', 'Good', 18000, 60000],
  ['Holes', 'Louis Sachar', 'Teen', 'English', 'Fair', 14000],
  ['The Giver', 'Lois Lowry', 'Teen', 'English', 'Good', 15000],
  ['Wonder', 'R. J. Palacio', 'Teen', 'English', 'Brand New', 17000],
  ['A Wrinkle in Time', "Madeleine L'Engle", 'Teen', 'English', 'Good', 14000],
  ['The Lightning Thief', 'Rick Riordan', 'Teen', 'English', 'Good', 16000, 55000],
  ['Dilan 1990', 'Pidi Baiq', 'Teen', 'Indonesian', 'Good', 15000],
  ['Sang Pemimpi', 'Andrea Hirata', 'Teen', 'Indonesian', 'Fair', 13000],
  ['Negeri 5 Menara', 'Ahmad Fuadi', 'Teen', 'Indonesian', 'Good', 16000],
  ['Ananta Prahadi', 'Risa Saraswati', 'Teen', 'Indonesian', 'Brand New', 17000],
  ['The Outsiders', 'S. E. Hinton', 'Teen', 'English', 'Fair', 12000],
  ['Anne of Green Gables', 'L. M. Montgomery', 'Teen', 'English', 'Good', 13000],
  ['Laskar Pelangi', 'Andrea Hirata', 'Adult', 'Indonesian', 'Good', 20000, 70000],
  ['Bumi Manusia', 'Pramoedya Ananta Toer', 'Adult', 'Indonesian', 'Fair', 22000],
  ['Cantik Itu Luka', 'Eka Kurniawan', 'Adult', 'Indonesian', 'Good', 25000],
  ['Ronggeng Dukuh Paruk', 'Ahmad Tohari', 'Adult', 'Indonesian', 'Good', 18000],
  ['Pulang', 'Leila S. Chudori', 'Adult', 'Indonesian', 'Brand New', 24000, 85000],
  ['Gadis Kretek', 'Ratih Kumala', 'Adult', 'Indonesian', 'Good', 21000],
  ['Eat, Pray, Love', 'Elizabeth Gilbert', 'Adult', 'English', 'Fair', 18000],
  ['Sapiens', 'Yuval Noah Harari', 'Adult', 'English', 'Good', 30000, 100000],
  ['The Alchemist', 'Paulo Coelho', 'Adult', 'English', 'Good', 20000],
  ['Nineteen Eighty-Four', 'George Orwell', 'Adult', 'English', 'Fair', 17000],
  ['Pride and Prejudice', 'Jane Austen', 'Adult', 'English', 'Good', 15000],
  ['To Kill a Mockingbird', 'Harper Lee', 'Adult', 'English', 'Brand New', 22000],
  ['The Great Gatsby', 'F. Scott Fitzgerald', 'Adult', 'English', 'Good', 16000],
  ['Norwegian Wood', 'Haruki Murakami', 'Adult', 'English', 'Good', 23000],
  ['Educated', 'Tara Westover', 'Adult', 'English', 'Brand New', 26000, 90000],
  ['Atomic Habits', 'James Clear', 'Adult', 'English', 'Good', 25000],
  ['The Old Man and the Sea', 'Ernest Hemingway', 'Adult', 'English', 'Fair', 12000],
  ['Life of Pi', 'Yann Martel', 'Adult', 'English', 'Good', 19000],
  ['Circe', 'Madeline Miller', 'Adult', 'English', 'Brand New', 27000],
  ['Dune', 'Frank Herbert', 'Adult', 'English', 'Good', 28000, 95000],
  ['Perahu Kertas', 'Dee Lestari', 'Adult', 'Indonesian', 'Good', 19000],
  ['Amba', 'Laksmi Pamuntjak', 'Adult', 'Indonesian', 'Fair', 20000],
];

/** Seeds the demo once; returns false when it is already there. */
export async function seedDemo(deps: Pick<AppDeps, 'db' | 'storage'>): Promise<boolean> {
  const { db, storage } = deps;
  const [existing] = await db.select({ id: user.id }).from(user).where(eq(user.email, DEMO_LOGINS[0].email));
  if (existing) return false;

  // Covers first (slow, outside the transaction), then all rows in one transaction.
  const covers = await Promise.all(
    BOOKS.map(async ([title, author, category], i) =>
      storeCover(storage, await renderDemoCover(title, author, category, i)),
    ),
  );

  const seeded = await db.transaction(async (tx) => {
    // Several instances started together on an empty database each get here (the check above
    // saw nothing): under the migration lock one seeds and the others find its rows when they
    // get the lock, instead of failing on the demo admin's email. Waiting for the lock may take
    // as long as the other seed, so this transaction's statements are not cut at the pool's
    // statement timeout.
    await tx.execute(sql`set local statement_timeout = 0`);
    await tx.execute(sql`select pg_advisory_xact_lock(${MIGRATION_LOCK})`);
    const [already] = await tx.select({ id: user.id }).from(user).where(eq(user.email, DEMO_LOGINS[0].email));
    if (already) return false;
    const [adminLogin, borrowerLogin] = DEMO_LOGINS;
    const admin = await createUser(tx, {
      name: adminLogin.name,
      email: adminLogin.email,
      password: adminLogin.password,
      role: 'admin',
      location: adminLogin.location,
      phone: '+62361000111',
      address: 'Jl. Gatot Subroto Barat No. 88, Denpasar, Bali 80116',
    });
    const borrower = await createUser(tx, {
      name: borrowerLogin.name,
      email: borrowerLogin.email,
      password: borrowerLogin.password,
      location: borrowerLogin.location,
      phone: '+6281338765432',
      address: 'Jl. Sukma No. 12, Peliatan, Ubud, Gianyar, Bali 80571',
    });
    const locations: Awaited<ReturnType<typeof createPickupLocation>>[] = [];
    for (const loc of LOCATIONS) locations.push(await createPickupLocation(tx, loc));
    const owners: Awaited<ReturnType<typeof createUser>>[] = [];
    for (const [i, o] of OWNERS.entries()) {
      const owner = await createUser(tx, {
        ...o,
        password: 'owner12345',
        phone: `+62812000${String(1000 + i)}`,
        createdAt: new Date(Date.UTC(2025, 6 + i, 3)),
      });
      owners.push(owner);
      for (const li of OWNER_LOCATIONS[i]) {
        await tx
          .insert(ownerPickupLocations)
          .values({ ownerId: owner.id, pickupLocationId: locations[li].id });
      }
    }
    const start = Date.now() - BOOKS.length * 6 * 3600_000;
    const demoBooks = await tx
      .insert(books)
      .values(
        BOOKS.map(([title, author, category, language, condition, weekly, monthly], i) => ({
          ownerId: owners[i % owners.length].id,
          title,
          author,
          category,
          language,
          condition,
          weeklyPrice: weekly.toFixed(2),
          monthlyPrice: monthly ? monthly.toFixed(2) : null,
          summary: demoSummary(title, author, language, condition, OWNERS[i % OWNERS.length].location),
          coverKey: covers[i],
          coverDrawn: true,
          createdAt: new Date(start + i * 6 * 3600_000),
        })),
      )
      .returning();
    await seedDemoOrders(tx, { admin, borrower, owners, books: demoBooks });
    return true;
  });
  // Another instance seeded first: the covers drawn here are nobody's.
  if (!seeded) await Promise.all(covers.map((key) => deleteCover(storage, key)));
  return seeded;
}
