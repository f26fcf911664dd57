import { spawn } from 'node:child_process';

/**
 * Opens `url` in the user's browser: the command in `BROWSER` (the usual convention; `%s` is
 * replaced by the URL, else it is appended), else the system's opener (`xdg-open`, `open`,
 * `start`). Resolves false when nothing could be started, so the caller prints the URL instead.
 */
export function openBrowser(url: string, env: NodeJS.ProcessEnv): Promise<boolean> {
  const configured = env.BROWSER?.split(':')[0]?.trim();
  let command: string;
  let args: string[];
  if (configured) {
    const parts = configured.split(/\s+/);
    command = parts[0];
    args = parts.slice(1).some((p) => p.includes('%s')) ? parts.slice(1).map((p) => p.replace('%s', url)) : [...parts.slice(1), url];
  } else if (process.platform === 'darwin') [command, args] = ['open', [url]];
  else if (process.platform === 'win32') [command, args] = ['cmd', ['/c', 'start', '""', url.replace(/&/g, '^&')]];
  else [command, args] = ['xdg-open', [url]];
  return new Promise((resolve) => {
    try {
      const child = spawn(command, args, { stdio: 'ignore', detached: true, env });
      child.once('error', () => resolve(false));
      child.once('spawn', () => {
        child.unref();
        resolve(true);
      });
    } catch {
      resolve(false);
    }
  });
}
