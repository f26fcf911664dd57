import type { Connector } from './connector.js';

/**
 * The connectors this daemon can publish with, by name. The built-in `local` connector is always
 * there; real platform connectors (the platforms' upload APIs) register here as they are added.
 */
export class ConnectorRegistry {
  private byName = new Map<string, Connector>();

  register(connector: Connector): void {
    this.byName.set(connector.name, connector);
  }

  get(name: string): Connector | undefined {
    return this.byName.get(name);
  }

  has(name: string): boolean {
    return this.byName.has(name);
  }

  names(): string[] {
    return [...this.byName.keys()];
  }
}
