import { randomUUID } from 'node:crypto';
import { hashPassword } from 'better-auth/crypto';
import type { DbOrTx } from '@server/db/client';
import { account, type Book, books, pickupLocations, type User, user } from '@server/db/schema';

// Factories build rows with overrides, for the demo seed and the tests alike.
// Accounts are made the way Better Auth stores them (a credential account with a scrypt hash).

const hashCache = new Map<string, Promise<string>>();
const hashed = (password: string) => {
  if (!hashCache.has(password)) hashCache.set(password, hashPassword(password));
  return hashCache.get(password)!;
};

let counter = 0;
const next = () => ++counter;

export interface UserOverrides extends Partial<Omit<User, 'id'>> {
  id?: string;
  password?: string;
}

export async function createUser(
  db: DbOrTx,
  overrides: UserOverrides = {},
): Promise<User & { password: string }> {
  const n = next();
  const { password = 'password123', ...fields } = overrides;
  const id = fields.id ?? randomUUID();
  const [row] = await db
    .insert(user)
    .values({
      id,
      name: `Member ${n}`,
      email: `member${n}-${id.slice(0, 8)}@example.com`,
      emailVerified: true,
      phone: '+6281234567',
      location: 'Ubud',
      address: 'Jl. Raya Ubud No. 1, Gianyar, Bali',
      role: 'user',
      ...fields,
    })
    .returning();
  await db.insert(account).values({
    id: randomUUID(),
    accountId: id,
    providerId: 'credential',
    userId: id,
    password: await hashed(password),
  });
  return { ...row, password };
}

export async function createBook(
  db: DbOrTx,
  overrides: Partial<typeof books.$inferInsert> & { ownerId: string },
): Promise<Book> {
  const n = next();
  const [row] = await db
    .insert(books)
    .values({
      title: `Book ${n}`,
      author: `Author ${n}`,
      weeklyPrice: '10000.00',
      coverKey: randomUUID(),
      ...overrides,
    })
    .returning();
  return row;
}

export async function createPickupLocation(
  db: DbOrTx,
  overrides: Partial<typeof pickupLocations.$inferInsert> = {},
) {
  const n = next();
  const [row] = await db
    .insert(pickupLocations)
    .values({ name: `Partner ${n}`, location: 'Ubud', address: `Jl. Partner No. ${n}, Bali`, ...overrides })
    .returning();
  return row;
}
