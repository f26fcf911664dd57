// `clipper models add|list|remove` for language models (issue 28, item 1): a local GGUF file
// installs (and is never taken for a speech model), the catalogue's entries are listed with
// their sizes, licences and checksums, and a catalogue download from a loopback hub whose file
// is not the published one is refused with nothing installed.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { assessEngines } from '../../daemon/pipeline/transcribe/engines.js';
import { modelsDir } from '../../daemon/pipeline/transcribe/models.js';
import { LLM_CATALOGUE } from '../../daemon/pipeline/llm/catalogue.js';
import { llmChoice } from '../../daemon/pipeline/llm/settings.js';
import { loadConfig } from '../../daemon/config.js';
import { run as addModel } from '../../src/cli/models/add.js';
import { run as listModels } from '../../src/cli/models/list.js';
import { run as removeModel } from '../../src/cli/models/remove.js';
import { CliError } from '../../src/cli/exit-codes.js';
import { cliHarness, testContext } from '../helpers/cli-io.js';
import { tempDir } from './helpers.js';
import { useHubServing } from './hub-serving.js';
import { makeTinyGguf } from './tiny-gguf.js';

const dir = tempDir('clipper-llm-models-');
const gguf = makeTinyGguf(join(dir, 'tiny-llama.gguf'));
const hub = useHubServing(() => readFileSync(gguf));
const requests = hub.requests;

const cli = (dataDir: string) => testContext({ env: cliHarness({ CLIPPER_DATA_DIR: dataDir, CLIPPER_MODEL_HUB: hub.url }).env });

describe('language models in clipper models', () => {
  it('installs a local GGUF file, lists it as a llama.cpp model, and jobs use it with no setting', async () => {
    const dataDir = join(dir, 'local');
    const t = cli(dataDir);
    await addModel({ source: gguf }, t.ctx);
    expect(t.stderr.text).toMatch(/installed tiny-llama\.gguf .*judge, rank and title/);
    const list = cli(dataDir);
    list.ctx.globals.json = true;
    await listModels({}, list.ctx);
    expect(JSON.parse(list.stdout.text).models).toEqual([expect.objectContaining({ name: 'tiny-llama.gguf', kind: 'gguf' })]);
    // Not a speech model.
    expect(assessEngines({ dataDir }, { PATH: '' }).chosen).not.toMatchObject({ engine: { modelName: 'tiny-llama.gguf' } });
    const choice = llmChoice(loadConfig({ dataDir }));
    expect(choice()).toMatchObject({ engine: 'embedded', model: 'tiny-llama.gguf' });
    choice.close();
    await removeModel({ name: 'tiny-llama.gguf' }, cli(dataDir).ctx);
    expect(choice()).toBeUndefined();
  });

  it('lists the catalogue language models with size, licence and SHA-256', async () => {
    const t = cli(join(dir, 'list'));
    t.ctx.globals.json = true;
    await listModels({ available: true }, t.ctx);
    const models = JSON.parse(t.stdout.text).models.filter((m: { engine: string }) => m.engine === 'llama.cpp');
    expect(models.map((m: { name: string }) => m.name)).toEqual(LLM_CATALOGUE.map((m) => m.name));
    for (const [i, m] of models.entries()) {
      expect(m).toMatchObject({ licence: 'Apache-2.0', size_bytes: LLM_CATALOGUE[i].files[0].size_bytes });
      expect(m.files[0]).toMatchObject({ url: `${hub.url}/${LLM_CATALOGUE[i].repo}/resolve/${LLM_CATALOGUE[i].revision}/${LLM_CATALOGUE[i].files[0].file}`, sha256: expect.stringMatching(/^[0-9a-f]{64}$/) });
    }
  });

  it('refuses a catalogue download that is not the published file, and installs nothing', async () => {
    const dataDir = join(dir, 'hub');
    const err = (await addModel({ source: 'qwen2.5-1.5b-instruct' }, cli(dataDir).ctx).catch((e: unknown) => e)) as CliError;
    expect(err).toBeInstanceOf(CliError);
    expect(err.message).toMatch(/is not the published one: its SHA-256 is [0-9a-f]{64}, the catalogue says 6a1a2eb6/);
    expect(requests.at(-1)).toBe('/Qwen/Qwen2.5-1.5B-Instruct-GGUF/resolve/91cad51170dc346986eccefdc2dd33a9da36ead9/qwen2.5-1.5b-instruct-q4_k_m.gguf');
    expect(existsSync(modelsDir(dataDir)) ? readdirSync(modelsDir(dataDir)).filter((f) => f !== '.downloads') : []).toEqual([]);
  });
});
