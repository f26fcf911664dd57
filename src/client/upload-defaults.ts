// The uploader's defaults, on their own so that help texts (`uploads create --help`, `watch
// --help`) can show them without loading the uploader and its HTTP client at start-up.

/** Files above this go multipart (parallel parts, resumable); smaller ones take one PUT. */
export const DEFAULT_MULTIPART_THRESHOLD = 64 * 1024 * 1024;
export const DEFAULT_CONCURRENCY = 4;
