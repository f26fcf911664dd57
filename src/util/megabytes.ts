/** Bytes as decimal megabytes (1 MB = 1,000,000 bytes, as the label says), one decimal. */
export const megabytes = (bytes: number): string => (bytes / 1_000_000).toFixed(1);
