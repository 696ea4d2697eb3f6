// Types of scripts/cluster.mjs, for the e2e spec and the bench that start a cluster.

export interface ClusterInstance {
  /** The instance itself, bypassing nginx. */
  url: string;
  kill(signal?: NodeJS.Signals): Promise<void>;
  /** Starts it again on the same port and environment, and waits until it answers. */
  restart(): Promise<void>;
  /** The last 20,000 characters it printed. */
  log(): string;
}

export interface Cluster {
  /** nginx, balancing the instances. */
  url: string;
  databaseUrl: string;
  instances: ClusterInstance[];
  stop(): Promise<void>;
}

export interface ClusterOptions {
  port?: number;
  pgPort?: number;
  instances?: number;
  dataDir?: string;
  pgDir?: string;
  quiet?: boolean;
  env?: Record<string, string>;
}

export function startCluster(options?: ClusterOptions): Promise<Cluster>;
