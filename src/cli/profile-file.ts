import { readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

export interface Profile {
  base_url: string;
  api_key?: string;
  token?: string;
  /** The team the credential acted as when it was checked at login (not a secret). */
  team_id?: string;
}

/** The profile file's content, as conf keeps it (plain JSON, no schema, no encryption). */
export interface ProfileFile {
  current?: string;
  profiles?: Record<string, Profile>;
}

/** conf's `configName`: the file is `<configDir>/profiles.json`. */
export const PROFILES_CONFIG_NAME = 'profiles';

/** Where the CLI keeps its profiles: CLIPPER_CONFIG_DIR, else the user's config folder. */
export function configDir(env: NodeJS.ProcessEnv): string {
  return env.CLIPPER_CONFIG_DIR ?? join(env.XDG_CONFIG_HOME ?? join(homedir(), '.config'), 'clipper');
}

export function profilesPath(env: NodeJS.ProcessEnv): string {
  return join(configDir(env), `${PROFILES_CONFIG_NAME}.json`);
}

/**
 * Reads the profile file the way conf does (no file: no profiles; bad JSON: its SyntaxError),
 * without loading conf: every API command resolves its target, and conf with its schema
 * validator costs more start-up time than the whole command. Writes stay with ProfileStore.
 */
export function readProfileFile(env: NodeJS.ProcessEnv): ProfileFile {
  let text: string;
  try {
    text = readFileSync(profilesPath(env), 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw e;
  }
  return JSON.parse(text) as ProfileFile;
}

/** A saved profile by name (own keys only: a profile named "constructor" is not a built-in). */
export function profileNamed(file: ProfileFile, name: string): Profile | undefined {
  const all = file.profiles ?? {};
  return Object.hasOwn(all, name) ? all[name] : undefined;
}
