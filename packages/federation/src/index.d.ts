type Remote<Container extends string, Port extends number> = {
  readonly container: Container;
  readonly port: Port;
  readonly routes: readonly string[];
};

export declare const REMOTES: {
  readonly auth: Remote<'mfe_auth', 3001>;
  readonly user: Remote<'mfe_user', 3002>;
  readonly owner: Remote<'mfe_owner', 3003>;
  readonly admin: Remote<'mfe_admin', 3004>;
};
export type RemoteName = keyof typeof REMOTES;
export declare const REMOTE_NAMES: RemoteName[];
export declare const SHELL_PORT: 3000;
export declare const API_PORT: 8000;
