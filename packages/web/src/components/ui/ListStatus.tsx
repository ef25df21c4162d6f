import { Empty, Failed, Loading } from './states.js';

/**
 * What a paged list shows under its table: failed (with retry), loading until its first page comes,
 * the empty text when that page has no rows, and nothing once there are rows.
 */
export function ListStatus({
  query,
  emptyText,
}: {
  query: { data: { data: readonly unknown[] } | undefined; isError: boolean; refetch(): unknown };
  emptyText: string;
}) {
  if (query.isError) return <Failed onRetry={() => void query.refetch()} />;
  if (!query.data) return <Loading />;
  if (query.data.data.length === 0) return <Empty text={emptyText} />;
  return null;
}
