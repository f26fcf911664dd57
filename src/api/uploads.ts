// The upload contract (spec "Upload", "POST /v1/uploads" and DESIGN.md's re-sign, cancel and
// read endpoints), written once: the daemon validates with the schemas and builds the responses
// below; the client types its calls with both.
import { z } from 'zod';
import { UPLOAD_LIMITS } from './limits.js';

// Requests.

/** Spec "POST /v1/uploads": "A video MIME type; `application/octet-stream` is also accepted". */
const VIDEO_CONTENT_TYPE = /^(video\/[a-z0-9][a-z0-9!#$&^_.+-]*|application\/octet-stream)\s*(;.*)?$/i;
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

// As zod schemas so the OpenAPI document is generated from them (issue 18); types inferred.

/** DESIGN.md: "Upload state between creation and completion: `pending`; others `complete`, `aborted`, `expired`." */
export const UPLOAD_STATUSES = ['pending', 'complete', 'aborted', 'expired'] as const;
export type UploadStatus = (typeof UPLOAD_STATUSES)[number];

export const partUrlSchema = z.object({ part_number: z.number().int().min(1), upload_url: z.string() });
export type PartUrl = z.infer<typeof partUrlSchema>;

export const singleUploadCreatedSchema = z.object({ upload_id: z.string(), upload_url: z.string(), expires_at: z.number().int() });
export type SingleUploadCreated = z.infer<typeof singleUploadCreatedSchema>;

export const multipartUploadCreatedSchema = z.object({
  upload_id: z.string(),
  expires_at: z.number().int(),
  part_size: z.number().int().describe('Bytes per part; the last part may be smaller'),
  parts: z.array(partUrlSchema),
});
export type MultipartUploadCreated = z.infer<typeof multipartUploadCreatedSchema>;

/** Spec "POST /v1/uploads": "`upload_id`, `expires_at`, and either `upload_url` (single PUT) or `part_size` and `parts` (multipart)". */
export const createdUploadSchema = z.union([singleUploadCreatedSchema, multipartUploadCreatedSchema]);
export type CreatedUpload = z.infer<typeof createdUploadSchema>;

/** POST /v1/uploads/:id/parts (DESIGN.md): "`{upload_id, expires_at, parts: [{part_number, upload_url}]}`". */
export const resignedPartsSchema = z.object({ upload_id: z.string(), expires_at: z.number().int(), parts: z.array(partUrlSchema) });
export type ResignedParts = z.infer<typeof resignedPartsSchema>;

/** GET /v1/uploads/:id (DESIGN.md, extension). Etags are quoted, exactly as the PUT's ETag header gave them. */
export const uploadViewSchema = z.object({
  upload_id: z.string(),
  status: z.enum(UPLOAD_STATUSES),
  file_name: z.string().nullable(),
  content_type: z.string(),
  size_bytes: z.number().int().nullable(),
  part_size: z.number().int().nullable(),
  expires_at: z.number().int(),
  parts_received: z.array(z.object({ part_number: z.number().int(), etag: z.string(), size: z.number().int() })),
});
export type UploadView = z.infer<typeof uploadViewSchema>;

/** Spec "Upload procedure" 4: "Response `{upload_id, status: complete}`". */
export const completedUploadSchema = z.object({ upload_id: z.string(), status: z.literal('complete') });
export type CompletedUpload = z.infer<typeof completedUploadSchema>;

/** Spec "Upload procedure" 5 (DELETE /v1/uploads/:id): "`{upload_id, status: aborted}`". */
export const cancelledUploadSchema = z.object({ upload_id: z.string(), status: z.literal('aborted') });
export type CancelledUpload = z.infer<typeof cancelledUploadSchema>;
