/** A refusal of backup or restore (the CLI says it in one line, exit 1). */
export class OpsError extends Error {}
