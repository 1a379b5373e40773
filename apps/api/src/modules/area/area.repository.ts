/** Drizzle queries of the area module. */
import type { Executor } from '@b2b/db';
import { areas } from '@b2b/db/schema';
import { asc, eq } from 'drizzle-orm';

export type AreaRow = typeof areas.$inferSelect;

export async function findAreaById(db: Executor, areaId: string): Promise<AreaRow | null> {
  const [row] = await db.select().from(areas).where(eq(areas.id, areaId)).limit(1);
  return row ?? null;
}

export async function findAllAreas(db: Executor): Promise<AreaRow[]> {
  return db.select().from(areas).orderBy(asc(areas.id));
}
