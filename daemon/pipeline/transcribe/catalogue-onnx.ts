import type { CatalogueFile, CatalogueModel } from './model-catalogue.js';

/**
 * The ONNX models of the catalogue besides Whisper: Parakeet, the sentence encoders and the
 * diarization models. Every file is pinned: the repository's revision (a commit, not `main`),
 * its byte count and its SHA-256, so a download that is not the published file is refused and
 * deleted. Where the values come from: a model file on the hub is a Git LFS object whose
 * SHA-256 and size the hub lists beside it; several independent public projects pin the same
 * revision, size and SHA-256 for each file below, and the values agree between them. Small text
 * files (tokens, vocabularies) are plain git files on the hub, with no LFS SHA-256 listed: theirs
 * are the SHA-256 of the bytes as public projects record them. None was read from the hub here
 * (it could not be reached), so every file is `verified: false` (checked, not read from the hub).
 */
const file = (role: CatalogueFile['role'], name: string, size_bytes: number, sha256: string, path?: string): CatalogueFile => ({
  role, file: name, ...(path ? { path } : {}), size_bytes, sha256, verified: false,
});

/**
 * Sentence encoders: the int8 ONNX exports the transformers.js project
 * publishes (onnx/model_quantized.onnx beside the original's WordPiece vocab.txt, the BERT
 * uncased vocabulary of 30,522 tokens, the same file in both). bge-small-en-v1.5 is recommended:
 * of the small English encoders it has the best published retrieval score (MTEB retrieval
 * average 51.7, against 41.9 for all-MiniLM-L6-v2; 33 M parameters, 384 dimensions, MIT
 * licence), and it is trained for short queries against passages, which is what a request
 * against a talk's topics is. all-MiniLM-L6-v2 is smaller and faster (22 M parameters;
 * Apache-2.0). `similarity_floor` is the cosine unrelated passages typically have with each
 * model (bge v1.5's sit around 0.4, MiniLM's near 0.1, as their authors describe); not measured here.
 */
const VOCAB = file('vocab', 'vocab.txt', 231_508, '07eced375cec144d27c900241f3e339478dec958f92fddbc551f295c992038a3');
export const EMBEDDINGS: CatalogueModel[] = [
  {
    name: 'bge-small-en-v1.5', kind: 'embedding', recommended: true, languages: ['en'], speed: '-', licence: 'MIT',
    gains: 'clips match what you ask for by meaning, not only by shared words (used when no language model is installed, and as its shortlist)',
    embedding: { pooling: 'cls', query_prefix: 'Represent this sentence for searching relevant passages: ', max_tokens: 512, similarity_floor: 0.4 },
    repo: 'Xenova/bge-small-en-v1.5', revision: 'ea104dacec62c0de699686887e3f920caeb4f3e3',
    files: [file('model', 'model.onnx', 34_014_426, '6c9c6101a956d62dfb5e7190c538226c0c5bb9cb27b651234b6df063ee7dbfe4', 'onnx/model_quantized.onnx'), VOCAB],
  },
  {
    name: 'all-MiniLM-L6-v2', kind: 'embedding', languages: ['en'], speed: '-', licence: 'Apache-2.0',
    gains: 'clips match what you ask for by meaning (smaller and faster than bge-small-en-v1.5, less accurate)',
    embedding: { pooling: 'mean', max_tokens: 256, similarity_floor: 0.1 },
    repo: 'Xenova/all-MiniLM-L6-v2', revision: '751bff37182d3f1213fa05d7196b954e230abad9',
    files: [file('model', 'model.onnx', 22_972_370, 'afdb6f1a0e45b715d0bb9b11772f032c399babd23bfc31fed1c170afc848bdb1', 'onnx/model_quantized.onnx'), VOCAB],
  },
];

/**
 * NVIDIA Parakeet TDT 0.6B: the int8 ONNX export sherpa-onnx's
 * scripts/nemo/parakeet-tdt-0.6b-v2 (and -v3) write: a NeMo token-and-duration transducer
 * (encoder, decoder, joiner, tokens.txt) that sherpa-onnx runs as `nemo_transducer`, giving
 * every token its own time (real word timestamps, where Whisper's exports share a phrase's time
 * out). Published: v2 about 6.05% average word error on the Open ASR Leaderboard (1.69% on
 * LibriSpeech test-clean), v3 25 European languages; CC-BY-4.0.
 */
const PARAKEET_FILES = {
  v2: {
    revision: '1ab9323565ddb038682214b292f588070a538ce2',
    files: [
      file('encoder', 'encoder.int8.onnx', 652_184_296, 'a32b12d17bbbc309d0686fbbcc2987b5e9b8333a7da83fa6b089f0a2acd651ab'),
      file('decoder', 'decoder.int8.onnx', 7_257_753, 'b6bb64963457237b900e496ee9994b59294526439fbcc1fecf705b31a15c6b4e'),
      file('joiner', 'joiner.int8.onnx', 1_739_080, '7946164367946e7f9f29a122407c3252b680dbae9a51343eb2488d057c3c43d2'),
      file('tokens', 'tokens.txt', 9_384, 'ec182b70dd42113aff6c5372c75cac58c952443eb22322f57bbd7f53977d497d'),
    ],
  },
  v3: {
    revision: '2bda32ec70b097a55adaa07d9a7173915b43cc78',
    files: [
      file('encoder', 'encoder.int8.onnx', 652_184_281, 'acfc2b4456377e15d04f0243af540b7fe7c992f8d898d751cf134c3a55fd2247'),
      file('decoder', 'decoder.int8.onnx', 11_845_275, '179e50c43d1a9de79c8a24149a2f9bac6eb5981823f2a2ed88d655b24248db4e'),
      file('joiner', 'joiner.int8.onnx', 6_355_277, '3164c13fc2821009440d20fcb5fdc78bff28b4db2f8d0f0b329101719c0948b3'),
      file('tokens', 'tokens.txt', 93_939, 'd58544679ea4bc6ac563d1f545eb7d474bd6cfa467f0a6e2c1dc1c7d37e3c35d'),
    ],
  },
};
const parakeet = (v: 'v2' | 'v3', languages: string[], wer: string): CatalogueModel => ({
  name: `parakeet-tdt-0.6b-${v}`, kind: 'speech', model_type: 'nemo_transducer', languages, language_codes: languages, speed: '-', licence: 'CC-BY-4.0', wer,
  gains: 'fewer recognition errors and word-by-word caption times that do not drift',
  repo: `csukuangfj/sherpa-onnx-nemo-parakeet-tdt-0.6b-${v}-int8`, ...PARAKEET_FILES[v],
});
const V3_LANGUAGES = 'bg hr cs da nl en et fi fr de el hu it lv lt mt pl pt ro sk sl es sv ru uk'.split(' ');
export const PARAKEET: CatalogueModel[] = [{ ...parakeet('v2', ['en'], '1.7%'), recommended: true }, parakeet('v3', V3_LANGUAGES, '-')];

/**
 * Speaker diarization: sherpa-onnx's pipeline needs both a segmentation model
 * and a speaker-embedding model; jobs use it once both are installed (else the pitch-and-pauses
 * heuristic). Each installs as a folder holding `model.onnx`; what it is, is read from its ONNX
 * metadata (daemon/pipeline/speakers/diarization-model.ts). sherpa-onnx publishes them as
 * release files too (the segmentation model inside an archive; "speaker-recongition-models" is
 * that release's spelling), the same bytes as on the project's model hub pages the catalogue
 * takes them from (csukuangfj/sherpa-onnx-pyannote-segmentation-3-0 and
 * csukuangfj/speaker-embedding-models), so no archive is unpacked and the download resumes like
 * the others. None is `recommended`: `models setup` offers one model per kind and this kind needs two.
 */
const diarization = (name: string, repo: string, revision: string, f: CatalogueFile, rest: Partial<CatalogueModel>): CatalogueModel => ({
  name, kind: 'diarization', languages: [], speed: '-', licence: 'MIT', repo, revision, files: [f], ...rest,
});
const SPEAKER_EMBEDDINGS = ['csukuangfj/speaker-embedding-models', '0743f301363dec56491a490f6d6cbc9d67f9a3bf'] as const;
const ERES2NET = '3dspeaker_speech_eres2net_base_sv_zh-cn_3dspeaker_16k';
export const DIARIZATION: CatalogueModel[] = [
  diarization('sherpa-onnx-pyannote-segmentation-3-0', 'csukuangfj/sherpa-onnx-pyannote-segmentation-3-0', '9403a6902bb58e3d5ae8c7e77c3422de279db2e0',
    file('model', 'model.onnx', 5_992_913, '220ad67ca923bef2fa91f2390c786097bf305bceb5e261d4af67b38e938e1079'), {
      gains: 'who speaks when from the voices themselves (with a speaker-embedding model), not from pitch and pauses',
    }),
  diarization('nemo_en_titanet_small', ...SPEAKER_EMBEDDINGS,
    file('model', 'model.onnx', 40_257_283, 'ad4a1802485d8b34c722d2a9d04249662f2ece5d28a7a039063ca22f515a789e', 'nemo_en_titanet_small.onnx'), {
      languages: ['en'], licence: 'CC-BY-4.0', gains: 'tells voices apart for speaker diarization (with the segmentation model); trained on English speech',
    }),
  diarization(ERES2NET, ...SPEAKER_EMBEDDINGS,
    file('model', 'model.onnx', 39_593_761, '1a331345f04805badbb495c775a6ddffcdd1a732567d5ec8b3d5749e3c7a5e4b', `${ERES2NET}.onnx`), {
      languages: ['zh'], licence: 'Apache-2.0', gains: 'tells voices apart for speaker diarization (3D-Speaker ERes2Net, trained on Mandarin speech)',
    }),
];
