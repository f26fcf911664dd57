// The upload contract (spec "Upload", "POST /v1/uploads" and DESIGN.md's re-sign, cancel and
// read endpoints), written once: the daemon validates with the schemas and builds the responses
// below; the client types its calls with both.
import { z } from 'zod';
import { UPLOAD_LIMITS } from './limits.js';

// Requests.

/** Spec "POST /v1/uploads": "A video MIME type; `application/octet-stream` is also accepted". */
const VIDEO_CONTENT_TYPE = /^(video\/[a-z0-9][a-z0-9!#$&^_.+-]*|application\/octet-stream)\s*(;.*)?$/i;
// eslint-disable-next-line no-control-regex
const CONTROL_CHARS = /[\u0000-\u001f\u007f]/;

/** Spec "POST /v1/uploads": `size_bytes` is a "positive integer, at most 10,000,000,000. Its presence makes the upload multipart". */
export const createUploadSchema = z.strictObject({
  content_type: z
    .string({ message: 'content_type is required' })
    .trim()
    .max(255)
    .regex(VIDEO_CONTENT_TYPE, 'content_type must be a video MIME type (video/...) or application/octet-stream'),
  file_name: z
    .string()
    .trim()
    .min(1, 'file_name must not be empty')
    .max(255, 'file_name is at most 255 characters')
    .refine((s) => !CONTROL_CHARS.test(s), 'file_name must not contain control characters')
    .optional(),
  size_bytes: z
    .number({ message: 'size_bytes must be a number' })
    .int('size_bytes must be a positive integer')
    .positive('size_bytes must be a positive integer')
    .max(UPLOAD_LIMITS.maxSizeBytes, 'size_bytes is at most 10,000,000,000')
    .optional(),
});
export type CreateUploadInput = z.infer<typeof createUploadSchema>;

const partNumber = z.number({ message: 'part numbers are integers' }).int('part numbers are integers').min(1, 'part numbers start at 1');

/** Spec "Upload procedure" 3: "Re-signing expired part URLs takes `part_numbers` (array of number, up to 100 part numbers)". */
export const resignPartsSchema = z.strictObject({
  part_numbers: z.array(partNumber, { message: 'part_numbers must be an array of part numbers' }).min(1, 'part_numbers must name at least one part').max(UPLOAD_LIMITS.maxResignParts, `part_numbers takes up to ${UPLOAD_LIMITS.maxResignParts} part numbers`),
});
export type ResignPartsInput = z.infer<typeof resignPartsSchema>;

/** Spec "Upload procedure" 4: "body `parts`: array of `{part_number, etag}` containing every part exactly once". */
export const completeUploadSchema = z.strictObject({
  parts: z
    .array(z.strictObject({ part_number: partNumber, etag: z.string({ message: 'etag is required' }).trim().min(1, 'etag is required').max(200) }), {
      message: 'parts must be an array of {part_number, etag}',
    })
    .min(1, 'parts must list every part')
    .max(UPLOAD_LIMITS.maxParts, `an upload has at most ${UPLOAD_LIMITS.maxParts} parts`),
});
export type CompleteUploadInput = z.infer<typeof completeUploadSchema>;

// Responses.

/** DESIGN.md: "Upload state between creation and completion: `pending`; others `complete`, `aborted`, `expired`." */
export type UploadStatus = 'pending' | 'complete' | 'aborted' | 'expired';

export interface PartUrl {
  part_number: number;
  upload_url: string;
}

export interface SingleUploadCreated {
  upload_id: string;
  upload_url: string;
  expires_at: number;
}

export interface MultipartUploadCreated {
  upload_id: string;
  expires_at: number;
  part_size: number;
  parts: PartUrl[];
}

/** Spec "POST /v1/uploads": "`upload_id`, `expires_at`, and either `upload_url` (single PUT) or `part_size` and `parts` (multipart)". */
export type CreatedUpload = SingleUploadCreated | MultipartUploadCreated;

/** POST /v1/uploads/:id/parts (DESIGN.md): "`{upload_id, expires_at, parts: [{part_number, upload_url}]}`". */
export interface ResignedParts {
  upload_id: string;
  expires_at: number;
  parts: PartUrl[];
}

/** GET /v1/uploads/:id (DESIGN.md, extension). */
export interface UploadView {
  upload_id: string;
  status: UploadStatus;
  file_name: string | null;
  content_type: string;
  size_bytes: number | null;
  part_size: number | null;
  expires_at: number;
  /** Etags are quoted, exactly as the PUT's ETag header gave them. */
  parts_received: Array<{ part_number: number; etag: string; size: number }>;
}

/** Spec "Upload procedure" 4: "Response `{upload_id, status: complete}`". */
export interface CompletedUpload {
  upload_id: string;
  status: 'complete';
}

/** Spec "Upload procedure" 5 (DELETE /v1/uploads/:id): "`{upload_id, status: aborted}`". */
export interface CancelledUpload {
  upload_id: string;
  status: 'aborted';
}
