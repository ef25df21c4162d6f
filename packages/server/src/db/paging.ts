import type { SelectQueryBuilder } from 'kysely';

/**
 * One page of a filtered query, newest (highest id, or highest `column`) first, with the total.
 * The caller passes the query with its filters and no selection yet.
 */
export async function newestFirst<DB, TB extends keyof DB>(
  query: SelectQueryBuilder<DB, TB, object>,
  page: number,
  perPage: number,
  column = 'id',
) {
  const counted = (await query
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow()) as { total: number | string };
  const rows = await query
    .selectAll()
    .orderBy(column as never, 'desc')
    .limit(perPage)
    .offset((page - 1) * perPage)
    .execute();
  return { total: Number(counted.total), rows };
}
