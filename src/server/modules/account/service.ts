import { eq } from 'drizzle-orm';
import type { Me } from '../../../domain/api-types';
import type { DbOrTx } from '../../db/client';
import { user } from '../../db/schema';
import { notFound } from '../../lib/errors';

export async function getMe(db: DbOrTx, userId: string): Promise<Me> {
  const [row] = await db.select().from(user).where(eq(user.id, userId));
  if (!row) throw notFound();
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role === 'admin' ? 'admin' : 'user',
    phone: row.phone,
    location: row.location,
    address: row.address,
    image: row.image,
    createdAt: row.createdAt.toISOString(),
  };
}
