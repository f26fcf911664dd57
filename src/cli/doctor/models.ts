// `clipper doctor`: whether the recommended models are installed (issue 28, item 5); a missing
// one is a note with what it would change and the command that installs the set.
import { modelsSetupHint } from '../models/setup-hint.js';
import type { CheckResult, DoctorCheck } from './checks.js';

export const recommendedModels: DoctorCheck = {
  id: 'models',
  title: 'recommended models',
  async run({ dataDir, local, ctx }): Promise<CheckResult> {
    if (!local) return { status: 'skip', detail: 'the daemon is not local: its own machine holds its models' };
    const hint = await modelsSetupHint(dataDir, ctx.env);
    return hint ? { status: 'warn', detail: 'not all installed', fix: hint } : { status: 'ok', detail: 'the recommended models are installed' };
  },
};
