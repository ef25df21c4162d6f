import type { Paged } from '@oex/protocol';

/** One page of a list in the shape every paged call answers (`Paged`): its rows, the total and the page. */
export function paged<T>(rows: T[], total: number, page: number, perPage: number): Paged<T> {
  return {
    total,
    per_page: perPage,
    current_page: page,
    last_page: Math.max(1, Math.ceil(total / perPage)),
    data: rows,
  };
}
