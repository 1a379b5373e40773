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

/** The area's row, locked until the transaction ends: a save of its settings waits for another one to finish. */
export async function lockAreaById(db: Executor, areaId: string): Promise<AreaRow | null> {
  const [row] = await db.select().from(areas).where(eq(areas.id, areaId)).for('update').limit(1);
  return row ?? null;
}

export async function updateAreaSettings(db: Executor, areaId: string, settings: AreaRow['settings']): Promise<void> {
  await db.update(areas).set({ settings }).where(eq(areas.id, areaId));
}
