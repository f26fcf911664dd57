/** Structured one-line logs on stderr (stdout stays free for data). */
export interface Logger {
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
}

export function createLogger(level: 'silent' | 'info' = 'info', write = (line: string) => process.stderr.write(line)): Logger {
  const out = (lvl: string) => (msg: string, fields: Record<string, unknown> = {}) => {
    if (level === 'silent' && lvl !== 'error') return;
    write(JSON.stringify({ t: new Date().toISOString(), level: lvl, msg, ...fields }) + '\n');
  };
  return { info: out('info'), warn: out('warn'), error: out('error') };
}

export const silentLogger: Logger = { info() {}, warn() {}, error() {} };
