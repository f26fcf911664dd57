import { createRequire } from 'node:module';

/** The command line that runs this same CLI again (node + script, or the single executable). */
export function selfCommand(): { command: string; args: string[] } {
  let sea = false;
  try {
    sea = (createRequire(import.meta.url)('node:sea') as { isSea(): boolean }).isSea();
  } catch {
    sea = false;
  }
  return sea ? { command: process.execPath, args: [] } : { command: process.execPath, args: [process.argv[1]] };
}
