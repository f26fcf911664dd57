import Conf from 'conf';
import { homedir } from 'node:os';
import { join } from 'node:path';

export interface Profile {
  base_url: string;
  api_key?: string;
  token?: string;
  /** The team the credential acted as when it was checked at login (not a secret). */
  team_id?: string;
}

interface Store {
  current?: string;
  profiles?: Record<string, Profile>;
}

/** Where the CLI keeps its profiles: CLIPPER_CONFIG_DIR, else the user's config folder. */
export function configDir(env: NodeJS.ProcessEnv): string {
  return env.CLIPPER_CONFIG_DIR ?? join(env.XDG_CONFIG_HOME ?? join(homedir(), '.config'), 'clipper');
}

/**
 * Saved profiles (conf), in a file only its owner can read: it holds secrets. No defaults are
 * given to conf so that merely reading (every command resolves its target) never creates files.
 */
export class ProfileStore {
  private conf: Conf<Store>;
  constructor(env: NodeJS.ProcessEnv) {
    this.conf = new Conf<Store>({ cwd: configDir(env), configName: 'profiles', configFileMode: 0o600 });
  }

  private all(): Record<string, Profile> {
    return this.conf.get('profiles') ?? {};
  }

  get path(): string {
    return this.conf.path;
  }

  list(): Array<{ name: string; current: boolean } & Profile> {
    const current = this.conf.get('current');
    return Object.entries(this.all()).map(([name, p]) => ({ name, current: name === current, ...p }));
  }

  get(name: string): Profile | undefined {
    return Object.hasOwn(this.all(), name) ? this.all()[name] : undefined;
  }

  current(): string | undefined {
    return this.conf.get('current');
  }

  save(name: string, profile: Profile, makeCurrent = true): void {
    this.conf.set('profiles', { ...this.all(), [name]: profile });
    if (makeCurrent) this.conf.set('current', name);
  }

  use(name: string): boolean {
    if (!this.get(name)) return false;
    this.conf.set('current', name);
    return true;
  }

  remove(name: string): boolean {
    const all = { ...this.all() };
    if (!(name in all)) return false;
    delete all[name];
    this.conf.set('profiles', all);
    if (this.conf.get('current') === name) this.conf.delete('current');
    return true;
  }
}
