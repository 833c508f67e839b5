// A release as the API shows it.
import type { ReleaseRow } from './sql.ts';

export const releaseRowJson = (release: ReleaseRow) => ({
  remote: release.remote,
  version: release.version,
  entry: release.entry_url,
  integrity: release.integrity,
  shared: release.shared,
  published_at: release.published_at,
  published_by:
    release.published_by === null
      ? null
      : { id: release.published_by, username: release.published_by_username },
});
