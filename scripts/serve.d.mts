export type StaticServer = { port: number; close: () => Promise<void> };

export function startStaticServer(options: {
  root: string;
  port: number;
  host?: string;
  cors?: boolean;
  json?: Record<string, unknown>;
}): Promise<StaticServer>;
