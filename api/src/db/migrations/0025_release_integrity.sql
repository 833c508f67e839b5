-- Each release's entry integrity: the SHA-384 of its remoteEntry.js in the browser's Subresource
-- Integrity form, which the shell sets on the entry's script so the browser refuses other bytes
-- (docs/decisions/0037-release-integrity.md). Null for releases recorded before it existed; they
-- load unchecked, as they did. Set once: publishing the same version again may fill a null, never
-- change it (api/src/releases/channels/publish.ts).
ALTER TABLE releases
  ADD COLUMN integrity text
    CONSTRAINT releases_integrity_form CHECK (integrity ~ '^sha384-[A-Za-z0-9+/]{64}$');
