import { type CatalogueModel, catalogueSize, kindOf, type ModelKind, recommendedOf } from './model-catalogue.js';
import { installedKind, type ModelInfo } from './models.js';

/** The kinds `clipper models setup` offers, in this order; kinds added to the catalogue later come after. */
export const SETUP_KINDS: ModelKind[] = ['speech', 'embedding', 'llm'];

/** What a kind of model does for the user, when its entry does not say (`gains`). */
const GAINS: Record<string, string> = {
  speech: 'accurate transcripts and captions',
  embedding: 'clips match what you ask for by meaning',
  llm: 'a language model judges, ranks and titles the clips',
};

export interface SetupItem {
  kind: ModelKind;
  model: CatalogueModel;
  size_bytes: number;
  gains: string;
  /** The installed model of this kind, when there is one (setup leaves the kind alone). */
  installed?: string;
}

/**
 * The recommended set (issue 28, item 5): per kind, the catalogue's recommended entry (the last
 * one, so an entry of CLIPPER_MODEL_CATALOGUE overrides the built-in choice), and whether a model
 * of that kind is installed already. A kind with no recommended entry is left out.
 */
export function recommendedSet(entries: CatalogueModel[], installed: ModelInfo[]): SetupItem[] {
  const kinds = [...SETUP_KINDS, ...new Set(entries.map(kindOf).filter((k) => !SETUP_KINDS.includes(k)))];
  const out: SetupItem[] = [];
  for (const kind of kinds) {
    const model = recommendedOf(entries, kind);
    if (!model) continue;
    const have = installed.find((m) => installedKind(m) === kind);
    out.push({ kind, model, size_bytes: catalogueSize(model), gains: model.gains ?? GAINS[kind] ?? `${kind} model`, ...(have ? { installed: have.name } : {}) });
  }
  return out;
}

/** The one line `doctor`, `clips create` and the demo show when a recommended model is missing. */
export function setupHint(items: SetupItem[]): string | undefined {
  const missing = items.filter((i) => !i.installed);
  if (!missing.length) return undefined;
  const mb = Math.round(missing.reduce((n, i) => n + i.size_bytes, 0) / 1_000_000);
  return `Better clips: ${missing.map((i) => i.gains.split(/[(,;]/)[0].trim()).join('; ')}. Run \`clipper models setup\` (${mb} MB download).`;
}
