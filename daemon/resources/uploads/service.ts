import type { Readable } from 'node:stream';
import { badRequest, conflict, notFound } from '../../../src/api/errors.js';
import { newId } from '../../../src/api/ids.js';
import { completeUploadSchema, createUploadSchema, resignPartsSchema } from '../../../src/api/uploads.js';
import { parseBody } from '../../../src/api/validate.js';
import type { Clock } from '../../clock.js';
import type { Logger } from '../../log.js';
import { normalizeEtag, type ObjectStore, type PutResult } from '../../objects/object-store.js';
import type { ObjectLinks } from '../../objects/object-links.js';
import type { Store } from '../../store/index.js';
import type { UploadRecord } from '../../store/uploads.js';
import { effectiveStatus, partCountFor, partLength, partSizeFor, UPLOAD_LIMITS } from './policy.js';
import { UploadCompletion } from './completion.js';
import { DirectUploads } from './direct.js';
import { UploadReceiver, type PutTarget } from './receiver.js';
import { claimedView, uploadView, type ClaimedUpload, type CreatedUpload, type PartUrl, type UploadView } from './views.js';

export interface UploadServiceDeps {
  store: Pick<Store, 'uploads' | 'transaction'>;
  clock: Clock;
  log: Logger;
  objects: ObjectStore;
  /** The daemon's own signed URLs, or presigned URLs of the bucket (`urls.direct`: S3). */
  urls: ObjectLinks;
  /** Setting `uploads.min_part_size` (DESIGN.md: 5 MiB; tests lower it). */
  minPartSize: number;
}

/**
 * The upload state machine (spec "States and transitions: Upload", DESIGN.md): pending ->
 * complete (single: when its PUT lands; multipart: on complete), pending -> aborted (cancel),
 * pending -> expired (time). Routes and object URLs call in here; clip jobs call claimForJob().
 */
export class UploadService {
  private receiver: UploadReceiver;
  private completion: UploadCompletion;

  private readonly repo: UploadServiceDeps['store']['uploads'];
  /** Uploads that go straight to a bucket: what the daemon learns by asking it (direct.ts). */
  private direct?: DirectUploads;

  constructor(private d: UploadServiceDeps) {
    this.repo = d.store.uploads;
    if (d.urls.direct) {
      this.direct = new DirectUploads({ objects: d.objects, log: d.log, singleArrived: async (u, result) => await this.singleArrived(u, result) });
    }
    this.completion = new UploadCompletion({
      repo: this.repo,
      objects: d.objects,
      now: this.now,
      requirePending: (u, action) => this.requirePending(u, action),
      partsOf: async (u) => await this.received(u),
    });
    this.receiver = new UploadReceiver(d.store.uploads, d.objects, {
      requirePending: (u, action) => this.requirePending(u, action),
      singleArrived: async (u, result) => await this.singleArrived(u, result),
      partArrived: async (u, n, result) => await this.partArrived(u, n, result),
    });
  }

  private now = () => this.d.clock.now();

  /** The team's upload, brought up to date with the bucket when uploads go straight to it. */
  private async mustGet(teamId: string, uploadId: string): Promise<UploadRecord> {
    const upload = await this.repo.getForTeam(teamId, uploadId);
    if (!upload) throw notFound('Upload', uploadId);
    return await this.settle(upload);
  }

  /**
   * A single PUT that went straight to the bucket is seen here, the first time anyone asks
   * (spec: "A single-PUT upload is used for clip creation directly after the file is PUT, with no
   * complete call"); the nightly cleanup asks too. Disk uploads are recorded as they arrive.
   */
  async settle(u: UploadRecord): Promise<UploadRecord> {
    if (!this.direct || !await this.direct.settleSingle(u)) return u;
    return (await this.repo.get(u.id))!;
  }

  /** Brings a team's upload up to date with the bucket (clip creation, before its transaction); 404 when unknown. */
  async refresh(teamId: string, uploadId: string): Promise<void> {
    await this.mustGet(teamId, uploadId);
  }

  /** Parts received: recorded by the daemon as they arrive, or listed by the bucket (ListParts). */
  private async partsOf(u: UploadRecord) {
    return (await this.received(u)) ?? [];
  }

  /** The same, undefined when the bucket no longer has the multipart upload. */
  private async received(u: UploadRecord) {
    return this.direct ? await this.direct.parts(u, () => this.repo.parts(u.id)) : await this.repo.parts(u.id);
  }

  /** POST /v1/uploads: single PUT (no size_bytes) or multipart (spec "POST /v1/uploads"). */
  async create(teamId: string, body: unknown): Promise<CreatedUpload> {
    const input = parseBody(createUploadSchema, body);
    const now = this.now();
    const id = newId('upl');
    const key = `uploads/${teamId}/${id}`;
    const base = { id, team_id: teamId, status: 'pending' as const, content_type: input.content_type, file_name: input.file_name ?? null, object_key: key };
    const rest = { etag: null, job_id: null, created_at: now, updated_at: now, completed_at: null };
    if (input.size_bytes === undefined) {
      const { url, expiresAt } = this.d.urls.signUpload({ key, uploadId: id, contentType: input.content_type }, UPLOAD_LIMITS.singleUrlTtlMs);
      await this.repo.insert({ ...base, kind: 'single', size_bytes: null, part_size: null, part_count: null, multipart_id: null, expires_at: expiresAt, stale_at: expiresAt, ...rest });
      return { upload_id: id, upload_url: url, expires_at: expiresAt };
    }
    const partSize = partSizeFor(input.size_bytes, this.d.minPartSize);
    const partCount = partCountFor(input.size_bytes, partSize);
    const multipartId = await this.d.objects.createMultipart(key, { partSize, contentType: input.content_type });
    const expiresAt = now + UPLOAD_LIMITS.partUrlTtlMs;
    const upload: UploadRecord = {
      ...base, kind: 'multipart', size_bytes: input.size_bytes, part_size: partSize, part_count: partCount, multipart_id: multipartId,
      expires_at: expiresAt, stale_at: now + UPLOAD_LIMITS.pendingIdleMs, ...rest,
    };
    await this.repo.insert(upload);
    const parts = this.signParts(upload, Array.from({ length: partCount }, (_, i) => i + 1));
    return { upload_id: id, expires_at: expiresAt, part_size: partSize, parts };
  }

  private signParts(u: UploadRecord, numbers: number[]): PartUrl[] {
    return numbers.map((n) => ({
      part_number: n,
      upload_url: this.d.urls.signPart(
        { key: u.object_key, uploadId: u.id, contentType: u.content_type, multipartId: u.multipart_id!, partNumber: n, contentLength: partLength(u, n) },
        UPLOAD_LIMITS.partUrlTtlMs,
      ).url,
    }));
  }

  private requirePending(u: UploadRecord, action: string): void {
    const status = effectiveStatus(u, this.now());
    if (status !== 'pending') throw conflict(`Cannot ${action}: upload ${u.id} is ${status}`, { upload_id: u.id, status });
  }

  /** POST /v1/uploads/:id/parts: fresh 4-hour URLs for the named parts. */
  async resign(teamId: string, uploadId: string, body: unknown): Promise<{ upload_id: string; expires_at: number; parts: PartUrl[] }> {
    return await this.resignParts(teamId, uploadId, parseBody(resignPartsSchema, body).part_numbers);
  }

  private async resignParts(teamId: string, uploadId: string, partNumbers: number[]): Promise<{ upload_id: string; expires_at: number; parts: PartUrl[] }> {
    const u = await this.mustGet(teamId, uploadId);
    if (u.kind === 'single') throw badRequest('A single-PUT upload has no parts to re-sign; create a new upload', { field: 'part_numbers' });
    const outOfRange = partNumbers.filter((n) => n > u.part_count!);
    if (outOfRange.length) throw badRequest(`part_numbers must be within 1..${u.part_count}`, { field: 'part_numbers', out_of_range: outOfRange, part_count: u.part_count });
    this.requirePending(u, 're-sign parts');
    const now = this.now();
    const expiresAt = now + UPLOAD_LIMITS.partUrlTtlMs;
    if (!await this.repo.transition(u.id, ['pending'], { expires_at: Math.max(u.expires_at, expiresAt), stale_at: now + UPLOAD_LIMITS.pendingIdleMs }, now)) {
      return await this.resignParts(teamId, uploadId, partNumbers);
    }
    return { upload_id: u.id, expires_at: expiresAt, parts: this.signParts(u, [...new Set(partNumbers)].sort((a, b) => a - b)) };
  }

  /** POST /v1/uploads/:id/complete (completion.ts). */
  async complete(teamId: string, uploadId: string, body: unknown): Promise<{ upload_id: string; status: 'complete' }> {
    const { parts } = parseBody(completeUploadSchema, body);
    return await this.completion.complete(await this.mustGet(teamId, uploadId), parts, () => this.mustGet(teamId, uploadId));
  }

  /** DELETE /v1/uploads/:id: pending -> aborted, parts discarded; repeating it is harmless. */
  async cancel(teamId: string, uploadId: string): Promise<{ upload_id: string; status: 'aborted' }> {
    const u = await this.mustGet(teamId, uploadId);
    const aborted = { upload_id: u.id, status: 'aborted' as const };
    if (u.status === 'aborted') return aborted;
    this.requirePending(u, 'cancel');
    const now = this.now();
    const changed = await this.d.store.transaction(async () => await this.repo.transition(u.id, ['pending'], { status: 'aborted' }, now) && (await this.repo.deleteParts(u.id), true));
    if (!changed) return await this.cancel(teamId, uploadId);
    if (u.multipart_id) await this.d.objects.abortMultipart(u.object_key, u.multipart_id).catch((e) => this.d.log.warn('discarding parts failed; the cleanup retries', { upload_id: u.id, error: String(e) }));
    // A single PUT straight to the bucket may land after the cancel: the nightly cleanup removes it.
    else if (this.direct) await this.d.objects.delete(u.object_key).catch((e) => this.d.log.warn('removing the file failed; the cleanup retries', { upload_id: u.id, error: String(e) }));
    return aborted;
  }

  /** GET /v1/uploads/:id (DESIGN.md extension). */
  async describe(teamId: string, uploadId: string): Promise<UploadView> {
    const u = await this.mustGet(teamId, uploadId);
    return uploadView(u, effectiveStatus(u, this.now()), await this.partsOf(u));
  }

  /** A PUT to a signed object URL (already verified): see UploadReceiver. */
  async receive(target: PutTarget, body: Readable, declaredLength: number | undefined): Promise<{ etag: string }> {
    return await this.receiver.receive(target, body, declaredLength);
  }

  /** pending -> complete once a single PUT's bytes are in place; false if it left pending. */
  private async singleArrived(u: UploadRecord, result: PutResult): Promise<boolean> {
    const now = this.now();
    return await this.repo.transition(u.id, ['pending'], { status: 'complete', size_bytes: result.size, etag: result.etag, completed_at: now, stale_at: now + UPLOAD_LIMITS.unusedKeepMs }, now);
  }

  /** A part is in: recorded, and the upload's day without activity starts again. */
  private async partArrived(u: UploadRecord, n: number, result: PutResult): Promise<boolean> {
    const now = this.now();
    return await this.d.store.transaction(async () => {
      if (!await this.repo.transition(u.id, ['pending'], { stale_at: now + UPLOAD_LIMITS.pendingIdleMs }, now)) return false;
      await this.repo.savePart(u.id, { part_number: n, etag: result.etag, size: result.size, received_at: now });
      return true;
    });
  }

  /**
   * For POST /v1/clips, inside the caller's store.transaction(): marks the upload as feeding `jobId`.
   * 404 when the team has no such upload; 409 when it is not usable (spec "POST /v1/clips"):
   * a single PUT not yet received, a multipart upload not completed, an aborted or expired
   * upload, or one already feeding another job. Claiming again for the same job is harmless.
   */
  async claimForJob(teamId: string, uploadId: string, jobId: string): Promise<ClaimedUpload> {
    const u = await this.mustGet(teamId, uploadId);
    if (u.job_id === jobId) return claimedView(u);
    if (u.job_id) throw conflict(`Upload ${u.id} already feeds another clip job; each upload feeds exactly one`, { upload_id: u.id, job_id: u.job_id });
    const status = effectiveStatus(u, this.now());
    if (status === 'pending') {
      const why = u.kind === 'multipart' ? 'is not complete yet: call POST /v1/uploads/:id/complete first' : 'has not received its file yet: PUT it to upload_url first';
      throw conflict(`Upload ${u.id} ${why}`, { upload_id: u.id, status });
    }
    if (status === 'expired') {
      // DESIGN.md: an upload_id is valid while its object exists; the nightly cleanup removes
      // complete uploads no job used within a day, and pending ones whose URLs ran out.
      const why = u.completed_at !== null ? 'no clip job used it within a day, so the nightly cleanup removed its file' : 'its upload URLs ran out before the file was complete';
      throw conflict(`Upload ${u.id} expired: ${why}; upload the file again`, { upload_id: u.id, status, expired: true, expired_at: u.completed_at !== null ? u.updated_at : u.stale_at });
    }
    if (status !== 'complete') throw conflict(`Upload ${u.id} is ${status}`, { upload_id: u.id, status });
    if (!await this.repo.claim(u.id, jobId, this.now())) throw conflict(`Upload ${u.id} was just claimed or removed`, { upload_id: u.id });
    return claimedView((await this.repo.get(u.id))!);
  }

  /**
   * For a clip job about to read its upload: true when the file in the store is not the one
   * completed (its etag differs). Only a bucket lets that happen (a single PUT URL used again
   * within its hour); the daemon's own URLs refuse a PUT to a complete upload (409).
   */
  async sourceReplaced(objectKey: string): Promise<boolean> {
    if (!this.direct) return false;
    const u = await this.repo.byObjectKey(objectKey);
    if (!u?.etag) return false;
    const now = await this.d.objects.stat(objectKey);
    return !!now && normalizeEtag(now.etag) !== normalizeEtag(u.etag);
  }

  /** The object key of a team's upload (404 when unknown). */
  async objectKeyOf(teamId: string, uploadId: string): Promise<string> {
    return (await this.mustGet(teamId, uploadId)).object_key;
  }
}
