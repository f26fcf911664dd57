import { CliError, EXIT } from './exit-codes.js';

/**
 * The message for an endpoint that takes a bearer ID token only (spec "Authentication", rule 4;
 * DESIGN.md's JWT-only endpoints) when the CLI holds an API key (issue 13, item 17: "saying
 * plainly that it needs a bearer token and how to get one").
 */
export function bearerOnly(command: string, what: string): CliError {
  return new CliError(
    EXIT.AUTH,
    `${command} needs a bearer ID token to ${what}; an API key cannot (the server allows it to ID tokens only)`,
    'Get one: for the local daemon, use no credential (the CLI mints its owner token) or `clipper auth token --data-dir DIR`; then pass it with --token, CLIPPER_TOKEN, or save it: `clipper auth token | clipper login --with-token`. For a hosted deployment, sign in to its identity provider and use that ID token.',
    'UNAUTHORIZED',
  );
}
