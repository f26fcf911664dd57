// The language models of the catalogue (issue 28, item 1): instruction-tuned models in llama.cpp's
// GGUF format, quantised Q4_K_M, one file each, from their publishers' (or ggml-org's) pages on
// the public model hub (CLIPPER_MODEL_HUB, as for the speech models). They are entries of the one
// catalogue (transcribe/model-catalogue.ts `catalogue()`, kind `llm`), which `models list
// --available`, `models add`, `models setup` and `doctor` read.
//
// Checksums (`verified: false` on both: the hub could not be reached from here):
// - qwen2.5-1.5b-instruct: byte count, SHA-256 and revision as a public download script pins
//   them for Qwen/Qwen2.5-1.5B-Instruct-GGUF (1,117,320,736 bytes agrees with the ~1.12 GB the
//   hub lists for that file).
// - smollm3-3b: as two independent public sources record them for ggml-org/SmolLM3-3B-GGUF
//   (the same SHA-256 in both).
// A wrong figure fails the download with a checksum error and keeps nothing; the entries can be
// replaced through CLIPPER_MODEL_CATALOGUE without a new release.
import type { CatalogueModel } from '../transcribe/model-catalogue.js';

/** What only a language model's entry says (`CatalogueModel.llm`). */
export interface LlmFacts {
  /** Parameters, as the publisher states them. */
  parameters: string;
  quantisation: string;
  /** Context the model was trained for (tokens); clipper uses `llm.context_size` of it. */
  context: number;
  /**
   * Published or estimated generation rates on a 2-core x86 CPU (tokens/s: prompt, generated),
   * for the bench's expectations; `source` says where each figure comes from.
   */
  cpu2: { prompt: number; generated: number; source: string };
}

export const LLM_CATALOGUE: CatalogueModel[] = [
  {
    kind: 'llm',
    name: 'qwen2.5-1.5b-instruct',
    recommended: true,
    gains: 'a language model judges, ranks and titles the clips (hook, payoff, self-contained, relevance, with a reason)',
    languages: ['zh', 'en', 'fr', 'es', 'pt', 'de', 'it', 'ru', 'ja', 'ko', 'vi', 'th', 'ar'],
    speed: '1.54 B Q4_K_M',
    licence: 'Apache-2.0',
    llm: { parameters: '1.54 B', quantisation: 'Q4_K_M', context: 32768, cpu2: { prompt: 60, generated: 12, source: 'estimate scaled from llama.cpp CPU figures for 1-2 B Q4 models (not measured here: no weights)' } },
    repo: 'Qwen/Qwen2.5-1.5B-Instruct-GGUF',
    revision: '91cad51170dc346986eccefdc2dd33a9da36ead9',
    files: [{ role: 'gguf', file: 'qwen2.5-1.5b-instruct-q4_k_m.gguf', size_bytes: 1_117_320_736, sha256: '6a1a2eb6d15622bf3c96857206351ba97e1af16c30d7a74ee38970e434e9407e', verified: false }],
  },
  {
    kind: 'llm',
    name: 'smollm3-3b',
    gains: 'a larger language model judges, ranks and titles the clips (slower than qwen2.5-1.5b-instruct)',
    languages: ['en', 'fr', 'es', 'de', 'it', 'pt'],
    speed: '3.08 B Q4_K_M',
    licence: 'Apache-2.0',
    llm: { parameters: '3.08 B', quantisation: 'Q4_K_M', context: 65536, cpu2: { prompt: 30, generated: 6.5, source: 'estimate scaled from llama.cpp CPU figures for 3 B Q4 models (not measured here: no weights)' } },
    repo: 'ggml-org/SmolLM3-3B-GGUF',
    revision: '4965cb60b150737b68a0408c36aeefb65078f894',
    files: [{ role: 'gguf', file: 'SmolLM3-Q4_K_M.gguf', size_bytes: 1_915_305_312, sha256: '8334b850b7bd46238c16b0c550df2138f0889bf433809008cc17a8b05761863e', verified: false }],
  },
];
