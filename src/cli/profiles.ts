import Conf from 'conf';
import { configDir, profileNamed, PROFILES_CONFIG_NAME, type Profile, type ProfileFile } from './profile-file.js';

export type { Profile } from './profile-file.js';

/**
 * Saved profiles (conf), in a file only its owner can read: it holds secrets. No defaults are
 * given to conf so that merely reading (every command resolves its target) never creates files.
 */
export class ProfileStore {
  private conf: Conf<ProfileFile>;
  constructor(env: NodeJS.ProcessEnv) {
    this.conf = new Conf<ProfileFile>({ cwd: configDir(env), configName: PROFILES_CONFIG_NAME, configFileMode: 0o600 });
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
    return profileNamed({ profiles: this.all() }, name);
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
