/** One-based paging as the gateway's list calls answer it (list, pageNo, pageSize, totalPages, totalCount). */

export interface PageOf<T> {
  list: T[];
  pageNo: number;
  pageSize: number;
  totalPages: number;
  totalCount: number;
}

export function paginate<T>(rows: readonly T[], pageNo = 1, pageSize = 20): PageOf<T> {
  const size = Math.max(1, Math.floor(pageSize));
  const page = Math.max(1, Math.floor(pageNo));
  const start = (page - 1) * size;
  return {
    list: rows.slice(start, start + size),
    pageNo: page,
    pageSize: size,
    totalPages: Math.ceil(rows.length / size),
    totalCount: rows.length,
  };
}

/** Rows whose time lies in [startTime, endTime), newest first. */
export function inRange<T extends { time: number }>(
  rows: readonly T[],
  startTime?: number,
  endTime?: number,
): T[] {
  return rows
    .filter(
      (r) =>
        (startTime === undefined || r.time >= startTime) &&
        (endTime === undefined || r.time < endTime),
    )
    .sort(
      (a, b) =>
        b.time - a.time || ((b as { id?: number }).id ?? 0) - ((a as { id?: number }).id ?? 0),
    );
}
