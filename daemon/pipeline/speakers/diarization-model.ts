import { readdirSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { OnnxFormatError, readOnnxInfo } from '../transcribe/onnx-info.js';

/**
 * The two models of sherpa-onnx's speaker diarization (issue 30, item 3: "a segmentation model
 * plus a speaker-embedding model, managed by `models add` like the others"), each a folder in
 * DATA_DIR/models holding one ONNX file (`model.onnx` as the catalogue installs them). What a
 * folder holds is told by the ONNX metadata sherpa-onnx itself reads:
 *  - segmentation (pyannote segmentation-3.0, offline-speaker-segmentation-pyannote-model.cc):
 *    sample_rate, window_size, receptive_field_size, receptive_field_shift, num_speakers,
 *    powerset_max_classes, num_classes;
 *  - speaker embedding (speaker-embedding-extractor-model.cc and its NeMo variant): `framework`
 *    wespeaker, 3d-speaker or nemo, with output_dim and sample_rate.
 */
export type DiarizationRole = 'segmentation' | 'embedding';

export interface DiarizationModel {
  name: string;
  role: DiarizationRole;
  /** The ONNX file. */
  model: string;
  size_bytes: number;
}

export class DiarizationModelError extends Error {}

const SEGMENTATION_KEYS = ['sample_rate', 'window_size', 'receptive_field_size', 'receptive_field_shift', 'num_speakers', 'powerset_max_classes', 'num_classes'];
const FRAMEWORKS = ['wespeaker', '3d-speaker', 'nemo'];

/** The role an ONNX file's metadata gives it, or undefined when it is neither model. */
export function diarizationRole(metadata: Record<string, string>): DiarizationRole | undefined {
  if (SEGMENTATION_KEYS.every((k) => /^\d+$/.test(metadata[k] ?? ''))) return 'segmentation';
  if (FRAMEWORKS.includes(metadata.framework ?? '') && /^\d+$/.test(metadata.output_dim ?? '') && /^\d+$/.test(metadata.sample_rate ?? '')) return 'embedding';
  return undefined;
}

/** The folder's single ONNX file (`model.onnx` first), or undefined. */
function onnxFile(dir: string): string | undefined {
  let files: string[];
  try {
    files = readdirSync(dir).filter((f) => f.endsWith('.onnx'));
  } catch {
    return undefined;
  }
  if (files.includes('model.onnx')) return join(dir, 'model.onnx');
  return files.length === 1 ? join(dir, files[0]) : undefined;
}

/** Whether `dir` holds a diarization model (one ONNX file whose metadata says so); cheap, no loading. */
export function looksLikeDiarization(dir: string): boolean {
  const file = onnxFile(dir);
  if (!file) return false;
  try {
    return !!diarizationRole(readOnnxInfo(file).metadata);
  } catch (e) {
    if (e instanceof OnnxFormatError) return false;
    throw e;
  }
}

/** The diarization model in `dir`, checked; throws DiarizationModelError. */
export function readDiarizationModel(dir: string): DiarizationModel {
  const name = basename(dir);
  const file = onnxFile(dir);
  if (!file) throw new DiarizationModelError(`${name} holds no single ONNX model (model.onnx)`);
  let metadata: Record<string, string>;
  try {
    metadata = readOnnxInfo(file).metadata;
  } catch (e) {
    throw new DiarizationModelError(`${name}: ${(e as Error).message}`);
  }
  const role = diarizationRole(metadata);
  if (!role) throw new DiarizationModelError(`${name} is neither a speaker segmentation model (pyannote metadata: ${SEGMENTATION_KEYS.join(', ')}) nor a speaker-embedding model (metadata framework: ${FRAMEWORKS.join(', ')}; output_dim)`);
  if (metadata.sample_rate !== '16000') throw new DiarizationModelError(`${name} is for ${metadata.sample_rate} Hz audio; clipper's audio is 16000 Hz`);
  return { name, role, model: file, size_bytes: statSync(file).size };
}
