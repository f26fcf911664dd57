import { seaApi } from '../sea/native.js';

/** The command line that runs this same CLI again (node + script, or the single executable). */
export function selfCommand(): { command: string; args: string[] } {
  return seaApi() ? { command: process.execPath, args: [] } : { command: process.execPath, args: [process.argv[1]] };
}
