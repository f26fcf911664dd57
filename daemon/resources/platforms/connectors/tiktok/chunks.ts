/**
 * TikTok's chunk rules (Media Transfer Guide, "Chunk restrictions"): every chunk at least 5 MB
 * and at most 64 MB, except the last, which takes the trailing bytes (up to 128 MB);
 * `total_chunk_count` = floor(video_size / chunk_size); a video under 5 MB goes up whole as one
 * chunk; at most 1000 chunks; chunks are sent in order.
 */
export const MIN_CHUNK = 5 * 1024 * 1024;
export const MAX_CHUNK = 64 * 1024 * 1024;

export interface ChunkPlan {
  total: number;
  chunkSize: number;
  count: number;
}

export function planChunks(total: number, wanted = 10 * 1024 * 1024): ChunkPlan {
  if (total < MIN_CHUNK) return { total, chunkSize: total, count: 1 };
  const chunkSize = Math.min(MAX_CHUNK, Math.max(MIN_CHUNK, Math.floor(wanted), Math.ceil(total / 1000)));
  return { total, chunkSize, count: Math.max(1, Math.floor(total / chunkSize)) };
}

/** Byte range [first, last] of chunk `i` (0-based): the last chunk runs to the end. */
export function chunkRange(plan: ChunkPlan, i: number): [number, number] {
  const first = i * plan.chunkSize;
  return [first, i === plan.count - 1 ? plan.total - 1 : first + plan.chunkSize - 1];
}
